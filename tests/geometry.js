// The geometry checker of the game's screen (issue 32), one function shared by the Playwright
// suite (tests/e2e/test_geometry.py) and the cross-browser one (tests/xbrowser/test_frame_geometry.py):
// both read this file and call it in the page (geometry_support.py builds the call).
//
//   (win, opts) => ["[rule] element: numbers", ...]     // [] when the screen is right
//
// `win` is the window whose document is checked (a frame's contentWindow works too: nothing here
// depends on the realm it runs in). `opts`:
//   width, height  the viewport in CSS px (the emulated size; win.innerWidth/innerHeight if absent)
//   scope          CSS selectors of the subtrees to check (an open dialog, the poster, the round
//                  panels); absent: the whole body (closed dialogs are not rendered, so not checked)
//   touch          the touch rules too: hit areas of 44 x 44 px and no text under 12 px
//   reelShare      the portrait rule: the #reels canvas at least 90% of the viewport's width and
//                  40% of its height
//   bands          no empty horizontal band taller than 10% of the viewport's height between the
//                  blocks of main#game
//   settle         finite animations are finished and infinite ones held at the end of their first
//                  iteration while measuring (default true): the boxes measured are what stays on
//                  screen (or, for a pulse, its largest frame), not one frame of a pop-in
//
// The rules, each reported as `[rule]`:
//   outside-viewport      a visible element's box (the part its overflow:hidden/clip ancestors let
//                         show) is not inside the viewport (0.5 px allowed)
//   outside-scroll-area   the same for an element inside a scroll container (overflow auto or
//                         scroll): checked against that container's box, stretched on each axis the
//                         container scrolls to what scrolling reaches
//   controls-overlap      two controls' hit areas (button, select, input, textarea, link, role
//                         button; an input or select wrapped by a <label> also has the label's box)
//                         overlap, as far as they are shown (0.5 px allowed)
//   text-overflow         an element holding text (not an inline one) does not fit it in its box:
//                         scrollWidth > clientWidth + 1 or scrollHeight > clientHeight + 1 (not on
//                         an axis the element scrolls); a
//                         select's chosen option or an input's placeholder wider than its content box
//   text-cut              a text node's line boxes (document.createRange) are not inside the box of
//                         the nearest clipping ancestor (overflow other than visible; the viewport
//                         when there is none; a scroll container's reachable box) (1 px allowed)
//   text-spill            a text node's line boxes are not inside the border box of the nearest
//                         ancestor that paints a box (a background or a border: a card, a pill, a
//                         button) (1 px allowed)
//   touch-target          (touch) a control's hit area is under 44 x 44 CSS px
//   small-text            (touch) visible text with a computed font-size under 12 px
//   reel-share            (reelShare) the #reels canvas is narrower than 90% of the viewport or
//                         lower than 40% of it
//   empty-band            (bands) between 0 and the viewport's height, a band taller than 10% of
//                         the height where nothing of main#game's blocks is painted: the union of
//                         the vertical extents of their painted boxes, images and canvases (an
//                         <img> by the part object-fit leaves painted) and text line boxes
// An element is visible when it has a box (getClientRects), computed visibility "visible", no
// ancestor (or itself) at opacity 0 and none clipped away by `clip` (the .sr-only pattern); a
// control stays a hit area at opacity 0 (a radio tile's input), not with pointer-events none.
(win, opts = {}) => {
    const doc = win.document;
    const VW = opts.width ?? win.innerWidth;
    const VH = opts.height ?? win.innerHeight;
    const EDGE = 0.5; // px allowed for a box edge (sub-pixel layout)
    const TEXT = 1;   // px allowed for text (scrollWidth and clientWidth are rounded)
    const MIN_TARGET = 44;
    const MIN_FONT = 12;
    const problems = [];
    const styles = new Map();
    const cs = (el) => {
        let s = styles.get(el);
        if (!s) { s = win.getComputedStyle(el); styles.set(el, s); }
        return s;
    };
    const r1 = (x) => Math.round(x * 10) / 10;
    const boxText = (b) => `[${r1(b.left)}, ${r1(b.top)}, ${r1(b.right)}, ${r1(b.bottom)}]`;
    const SVG = "http://www.w3.org/2000/svg";

    /** A short CSS path: the nearest ancestor with an id, then tags with up to two classes. */
    function path(el) {
        const parts = [];
        let cur = el;
        while (cur && cur.nodeType === 1 && parts.length < 4) {
            const tag = cur.localName;
            if (cur.id) { parts.unshift(`${tag}#${cur.id}`); break; }
            let part = tag + [...cur.classList].slice(0, 2).map((c) => `.${c}`).join("");
            const parent = cur.parentElement;
            if (parent && [...parent.children].filter((c) => c.localName === tag).length > 1) {
                part += `:nth-of-type(${[...parent.children].filter((c) => c.localName === tag).indexOf(cur) + 1})`;
            }
            parts.unshift(part);
            if (tag === "body" || tag === "html") break;
            cur = parent;
        }
        return parts.join(" > ");
    }
    const report = (rule, el, detail) => problems.push(`[${rule}] ${typeof el === "string" ? el : path(el)}: ${detail}`);

    // ---- settle the animations ----------------------------------------------------------
    const held = [];
    if (opts.settle !== false && doc.getAnimations) {
        for (const a of doc.getAnimations()) {
            try {
                const t = a.effect?.getComputedTiming?.();
                if (!t) continue;
                if (Number.isFinite(t.endTime)) a.finish();
                else if (a.playState === "running") {
                    held.push(a);
                    a.pause();
                    a.currentTime = (t.delay || 0) + Math.max(0, (t.duration || 0) - 1);
                }
            } catch { /* an animation that cannot be finished is measured as it is */ }
        }
    }

    // ---- visibility ---------------------------------------------------------------------
    const hiddenChain = new Map(); // element -> hidden by opacity 0 or clip (itself or an ancestor)
    function chainHidden(el, opacityCounts) {
        const key = opacityCounts ? el : null;
        if (key && hiddenChain.has(el)) return hiddenChain.get(el);
        let hidden = false;
        for (let cur = el; cur && cur.nodeType === 1; cur = cur.parentElement) {
            const s = cs(cur);
            if (opacityCounts && Number(s.opacity) === 0) { hidden = true; break; }
            if (s.position === "absolute" || s.position === "fixed") {
                if (s.clip && s.clip !== "auto") { hidden = true; break; }
            }
            if (s.contentVisibility === "hidden" && cur !== el) { hidden = true; break; }
        }
        if (key) hiddenChain.set(el, hidden);
        return hidden;
    }
    // inside a closed <details> only its summary is rendered (Chromium keeps the rest laid out,
    // under content-visibility: hidden in the element's own shadow tree)
    const folded = (el) => {
        const d = el.parentElement?.closest("details:not([open])");
        return Boolean(d) && !(el.closest("summary")?.parentElement === d);
    };
    const rendered = (el) => el.getClientRects().length > 0 && !folded(el);
    const visible = (el) => rendered(el) && cs(el).visibility === "visible" && !chainHidden(el, true);

    // ---- boxes --------------------------------------------------------------------------
    const rect = (el) => {
        const b = el.getBoundingClientRect();
        return { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
    };
    const area = (b) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
    const inter = (a, b) => ({ left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
                               right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) });
    const union = (a, b) => ({ left: Math.min(a.left, b.left), top: Math.min(a.top, b.top),
                               right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) });
    const VIEW = { left: 0, top: 0, right: VW, bottom: VH };
    const scrolls = (v) => v === "auto" || v === "scroll";
    const clips = (v) => v === "hidden" || v === "clip";
    const isScroller = (el) => {
        const s = cs(el);
        return el !== doc.documentElement && el !== doc.body && (scrolls(s.overflowX) || scrolls(s.overflowY));
    };
    /** The padding box of `el` in viewport coordinates. */
    function paddingBox(el) {
        const b = el.getBoundingClientRect();
        const left = b.left + el.clientLeft, top = b.top + el.clientTop;
        return { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
    }
    /** What a scroll container shows and can be scrolled to: its padding box, stretched on each
     *  axis it scrolls to its scroll extent (leftwards for right-to-left content). */
    function reachable(el) {
        const s = cs(el);
        const p = paddingBox(el);
        const out = { ...p };
        if (scrolls(s.overflowX)) {
            if (s.direction === "rtl") {
                out.right = p.right - el.scrollLeft;
                out.left = out.right - el.scrollWidth;
            } else {
                out.left = p.left - el.scrollLeft;
                out.right = out.left + el.scrollWidth;
            }
        }
        if (scrolls(s.overflowY)) {
            out.top = p.top - el.scrollTop;
            out.bottom = out.top + el.scrollHeight;
        }
        return out;
    }
    /** The nearest scroll container above `el` (not itself), or null. */
    function scrollerOf(el) {
        for (let cur = el.parentElement; cur; cur = cur.parentElement) if (isScroller(cur)) return cur;
        return null;
    }
    /** `b` as far as the overflow:hidden/clip ancestors of `el` below `stop` let it show. */
    function clipped(el, b, stop) {
        let out = { left: b.left, top: b.top, right: b.right, bottom: b.bottom }; // (a DOMRect's are getters)
        // (the body's and the root's overflow is the viewport's: the viewport rule is that clip)
        for (let cur = el.parentElement; cur && cur !== stop && cur !== doc.body && cur !== doc.documentElement; cur = cur.parentElement) {
            const s = cs(cur);
            const cx = clips(s.overflowX), cy = clips(s.overflowY);
            if (!cx && !cy) continue;
            const p = paddingBox(cur);
            out = inter(out, { left: cx ? p.left : -Infinity, right: cx ? p.right : Infinity,
                               top: cy ? p.top : -Infinity, bottom: cy ? p.bottom : Infinity });
        }
        return out;
    }
    const outside = (b, ref, tol) => {
        const by = [];
        if (b.left < ref.left - tol) by.push(`left ${r1(ref.left - b.left)}`);
        if (b.top < ref.top - tol) by.push(`top ${r1(ref.top - b.top)}`);
        if (b.right > ref.right + tol) by.push(`right ${r1(b.right - ref.right)}`);
        if (b.bottom > ref.bottom + tol) by.push(`bottom ${r1(b.bottom - ref.bottom)}`);
        return by;
    };
    /** Whether `el` paints a box of its own: a background (not clipped to its text) or a border. */
    function paints(el) {
        const s = cs(el);
        const seen = (c) => c && c !== "transparent" && !/rgba\([^)]*,\s*0\)$/.test(c) && !/\/\s*0\)$/.test(c);
        if (s.backgroundClip !== "text" && s.webkitBackgroundClip !== "text"
            && (seen(s.backgroundColor) || (s.backgroundImage && s.backgroundImage !== "none"))) return true;
        return ["Top", "Right", "Bottom", "Left"].some((side) => parseFloat(s[`border${side}Width`]) > 0
            && s[`border${side}Style`] !== "none" && s[`border${side}Style`] !== "hidden" && seen(s[`border${side}Color`]));
    }

    // ---- what is checked ----------------------------------------------------------------
    const roots = opts.scope ? opts.scope.map((sel) => doc.querySelector(sel)).filter(Boolean) : [doc.body];
    if (opts.scope && roots.length === 0) report("scope", opts.scope.join(", "), "nothing matches the scope");
    const skipped = (el) => el.namespaceURI === SVG ? el.localName !== "svg"
        : ["script", "style", "template", "noscript", "option", "optgroup", "datalist", "br", "wbr"].includes(el.localName)
          || el.closest("select, canvas, svg") !== el && el.closest("select, canvas, svg") !== null;
    const all = [];
    const seenEl = new Set();
    for (const root of roots) {
        for (const el of [root, ...root.querySelectorAll("*")]) {
            if (seenEl.has(el) || skipped(el)) continue;
            seenEl.add(el);
            all.push(el);
        }
    }
    const shown = all.filter(visible);

    // outside-viewport, outside-scroll-area
    for (const el of shown) {
        const b = rect(el);
        if (area(b) === 0) continue; // nothing of its own is painted; its children are checked
        const scroller = scrollerOf(el);
        const part = clipped(el, b, scroller);
        if (area(part) === 0) continue; // clipped away entirely (inside a collapsed clipper)
        const ref = scroller ? reachable(scroller) : VIEW;
        // (a scroll extent is a whole number of px: a scroll area is allowed 1 px)
        const by = outside(part, ref, scroller ? TEXT : EDGE);
        if (by.length) {
            if (scroller) report("outside-scroll-area", el, `box ${boxText(part)} past ${path(scroller)}'s reachable box ${boxText(ref)} ` +
                `by ${by.join(", ")} px`);
            else report("outside-viewport", el, `box ${boxText(part)} past the ${VW}x${VH} viewport by ${by.join(", ")} px`);
        }
    }

    // controls and their hit areas
    const CONTROL = "button, select, input:not([type=hidden]), textarea, a[href], [role=button], summary";
    const controls = [];
    for (const el of all) {
        if (!el.matches(CONTROL) || !rendered(el)) continue;
        const s = cs(el);
        if (s.visibility !== "visible" || s.pointerEvents === "none" || chainHidden(el, false)) continue;
        // an element (or ancestor) at opacity 0 is still a hit area when it is a control, but not
        // when a whole ancestor block is faded out (the loader after ready)
        if (el.parentElement && chainHidden(el.parentElement, true)) continue;
        let hit = rect(el);
        const label = el.matches("input, select, textarea") ? el.closest("label") : null;
        if (label && rendered(label)) hit = union(hit, rect(label));
        const scroller = scrollerOf(el);
        let seen = clipped(el, hit, scroller);
        if (scroller) seen = inter(seen, paddingBox(scroller));
        seen = inter(seen, VIEW);
        controls.push({ el, hit, seen, label });
    }
    for (let i = 0; i < controls.length; i++) {
        for (let j = i + 1; j < controls.length; j++) {
            const a = controls[i], b = controls[j];
            if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
            if (a.label && a.label === b.label) continue;
            const o = inter(a.seen, b.seen);
            const w = o.right - o.left, h = o.bottom - o.top;
            if (w > EDGE && h > EDGE) {
                report("controls-overlap", a.el, `hit area ${boxText(a.seen)} overlaps ${path(b.el)}'s ${boxText(b.seen)} ` +
                    `by ${r1(w)}x${r1(h)} px`);
            }
        }
    }
    if (opts.touch) {
        for (const c of controls) {
            const w = c.hit.right - c.hit.left, h = c.hit.bottom - c.hit.top;
            if (w < MIN_TARGET - EDGE || h < MIN_TARGET - EDGE) {
                report("touch-target", c.el, `hit area ${r1(w)}x${r1(h)} px, under ${MIN_TARGET}x${MIN_TARGET}`);
            }
        }
    }

    // text: the elements that hold it, and each text node's line boxes
    const texts = [];
    for (const el of shown) {
        for (const node of el.childNodes) {
            if (node.nodeType === 3 && node.data.trim()) texts.push({ node, el });
        }
    }
    const quote = (s) => JSON.stringify(s.trim().replace(/\s+/g, " ").slice(0, 40));
    // the boxes that hold text of their own (an inline element has no scroll box: its text is
    // checked by its line boxes below)
    const boxes = new Map(); // element -> its first text
    for (const { node, el } of texts) {
        if (!boxes.has(el) && cs(el).display !== "inline") boxes.set(el, node.data);
    }
    for (const [block, sample] of boxes) {
        const s = cs(block);
        if (!scrolls(s.overflowX) && block.scrollWidth > block.clientWidth + TEXT) {
            report("text-overflow", block, `text ${quote(sample)} is ${block.scrollWidth} px wide in a box of ${block.clientWidth} ` +
                `(scrollWidth > clientWidth)`);
        }
        if (!scrolls(s.overflowY) && block.scrollHeight > block.clientHeight + TEXT) {
            report("text-overflow", block, `text ${quote(sample)} is ${block.scrollHeight} px high in a box of ${block.clientHeight} ` +
                `(scrollHeight > clientHeight)`);
        }
    }
    // form controls' own text: a select's chosen option, an input's placeholder (a typed value
    // scrolls inside its field by design)
    const measure = doc.createElement("canvas").getContext("2d");
    const textWidth = (text, s) => {
        measure.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const shown = s.textTransform === "uppercase" ? text.toUpperCase() : text;
        return measure.measureText(shown).width + (parseFloat(s.letterSpacing) || 0) * shown.length;
    };
    const fieldTexts = [];
    for (const el of shown) {
        let text = null;
        if (el.localName === "select") text = el.selectedOptions?.[0]?.textContent ?? null;
        else if (el.localName === "input" && !el.value && el.placeholder) text = el.placeholder;
        if (!text || !text.trim()) continue;
        fieldTexts.push({ el, text });
        const s = cs(el);
        const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
        const need = textWidth(text, s);
        if (need > room + TEXT) {
            report("text-overflow", el, `text ${quote(text)} needs ${r1(need)} px, its content box is ${r1(room)} px wide`);
        }
    }
    // text-cut, text-spill
    const clipperOf = (el) => {
        for (let cur = el; cur && cur.nodeType === 1; cur = cur.parentElement) {
            if (cur === doc.documentElement || cur === doc.body) return null;
            const s = cs(cur);
            if (s.overflowX !== "visible" || s.overflowY !== "visible") return cur;
        }
        return null;
    };
    const painterOf = (el, stop) => {
        for (let cur = el; cur && cur.nodeType === 1 && cur !== doc.body; cur = cur.parentElement) {
            // a box of display: contents is not drawn (the HUD on a short landscape screen, its
            // parts placed on the page's grid): its background and border paint nothing
            if (cs(cur).display !== "contents" && paints(cur)) return cur;
            if (cur === stop) return null;
        }
        return null;
    };
    const range = doc.createRange();
    for (const { node, el } of texts) {
        range.selectNodeContents(node);
        const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (!lines.length) continue;
        let ink = null; // the union of its line boxes
        for (const r of lines) ink = ink ? union(ink, r) : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        const clipper = clipperOf(el);
        let ref = VIEW;
        if (clipper) {
            const s = cs(clipper);
            if (isScroller(clipper)) ref = reachable(clipper);
            else {
                const p = paddingBox(clipper);
                ref = { left: s.overflowX !== "visible" ? p.left : -Infinity, right: s.overflowX !== "visible" ? p.right : Infinity,
                        top: s.overflowY !== "visible" ? p.top : -Infinity, bottom: s.overflowY !== "visible" ? p.bottom : Infinity };
            }
        }
        const by = outside(ink, ref, TEXT);
        if (by.length) {
            report("text-cut", el, `text ${quote(node.data)} at ${boxText(ink)} ` +
                `is cut by ${clipper ? path(clipper) : "the viewport"} ${boxText(ref)}: past it by ${by.join(", ")} px`);
        }
        const painter = painterOf(el, clipper);
        if (painter && painter !== clipper) {
            const pb = rect(painter);
            const spill = outside(ink, pb, TEXT);
            if (spill.length) {
                report("text-spill", el, `text ${quote(node.data)} at ${boxText(ink)} ` +
                    `spills out of ${painter === el ? "its own box" : path(painter)} ${boxText(pb)} by ${spill.join(", ")} px`);
            }
        }
    }
    if (opts.touch) {
        const small = new Map();
        for (const { node, el } of texts) if (!small.has(el)) small.set(el, node.data);
        for (const { el, text } of fieldTexts) if (!small.has(el)) small.set(el, text);
        for (const [el, text] of small) {
            const size = parseFloat(cs(el).fontSize);
            if (size < MIN_FONT) report("small-text", el, `font-size ${r1(size)} px < ${MIN_FONT} px for ${quote(text)}`);
        }
    }

    // the portrait reel area
    if (opts.reelShare) {
        const canvas = doc.getElementById("reels");
        if (!canvas || !visible(canvas)) report("reel-share", "canvas#reels", "no visible #reels canvas");
        else {
            const b = rect(canvas);
            const w = b.right - b.left, h = b.bottom - b.top;
            if (w < 0.9 * VW - EDGE) report("reel-share", canvas, `${r1(w)} px wide, ${r1(100 * w / VW)}% of the viewport's ${VW} ` +
                `(at least 90%)`);
            if (h < 0.4 * VH - EDGE) report("reel-share", canvas, `${r1(h)} px high, ${r1(100 * h / VH)}% of the viewport's ${VH} ` +
                `(at least 40%)`);
        }
    }
    if (opts.bands) {
        const main = doc.querySelector("main#game");
        const spans = []; // [top, bottom, element]
        const add = (b, el) => {
            const top = Math.max(0, b.top), bottom = Math.min(VH, b.bottom);
            if (bottom > top && b.right > b.left) spans.push([top, bottom, el]);
        };
        for (const block of main ? [...main.children] : []) {
            if (!visible(block)) continue;
            for (const el of [block, ...block.querySelectorAll("*")]) {
                if (skipped(el) || !visible(el)) continue;
                const b = clipped(el, rect(el), null);
                if (area(b) === 0) continue;
                if (el.localName === "img" && el.naturalWidth && el.naturalHeight
                    && ["contain", "scale-down"].includes(cs(el).objectFit)) {
                    // the picture inside the box, centred (object-position's default)
                    const w = b.right - b.left, h = b.bottom - b.top;
                    const k = Math.min(w / el.naturalWidth, h / el.naturalHeight, cs(el).objectFit === "scale-down" ? 1 : Infinity);
                    const ph = el.naturalHeight * k;
                    add({ ...b, top: b.top + (h - ph) / 2, bottom: b.top + (h + ph) / 2 }, el);
                } else if (["img", "canvas", "svg", "video",
                    "input", "select", "button", "textarea"].includes(el.localName) || paints(el)) {
                    add(b, el);
                }
                for (const node of el.childNodes) {
                    if (node.nodeType !== 3 || !node.data.trim()) continue;
                    range.selectNodeContents(node);
                    for (const r of range.getClientRects()) if (r.width > 0) add(clipped(el, r, null), el);
                }
            }
        }
        spans.sort((a, b) => a[0] - b[0]);
        let reach = 0, last = null;
        const gaps = [];
        for (const [top, bottom, el] of spans) {
            if (top > reach) gaps.push([reach, top, last, el]);
            if (bottom > reach) { reach = bottom; last = el; }
        }
        if (VH > reach) gaps.push([reach, VH, last, null]);
        for (const [from, to, above, below] of gaps) {
            if (to - from > 0.1 * VH + EDGE) {
                report("empty-band", "main#game", `nothing painted from y=${r1(from)} to ${r1(to)}: ${r1(to - from)} px, ` +
                    `${r1(100 * (to - from) / VH)}% of the viewport's ${VH} (at most 10%), ` +
                    `between ${above ? path(above) : "the top"} and ${below ? path(below) : "the bottom"}`);
            }
        }
    }

    for (const a of held) { try { a.play(); } catch { /* left paused */ } }
    return problems;
}
