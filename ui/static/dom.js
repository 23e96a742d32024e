// Tiny DOM helpers: h(tag, attrs, ...children) builds an element.

/**
 * h builds an element. attrs: plain attributes, `class`, `on<event>`
 * handlers, and `value`/`checked`/`disabled` set as properties.
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value' || k === 'checked' || k === 'disabled') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/**
 * add appends children to el as h does: arrays flattened, and undefined,
 * null and false left out (the DOM's own append writes them as text).
 */
export function add(el, ...children) {
  append(el, children);
  return el;
}

/** clear empties an element and appends the given children. */
export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** money formats an amount of the game's currency. */
export const money = (n) => (n === null || n === undefined ? '–' : '£' + n);
