import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";

const pyodide = await loadPyodide();
const two = pyodide.runPython("1+1");
document.getElementById("status").textContent = `1+1 = ${two}`;
performance.mark("ready"); // as the game marks its own (read where no init script can be injected)
document.documentElement.dataset.state = two === 2 ? "ready" : "error";
