import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";

const pyodide = await loadPyodide();
const two = pyodide.runPython("1+1");
document.getElementById("status").textContent = `1+1 = ${two}`;
document.documentElement.dataset.state = two === 2 ? "ready" : "error";
