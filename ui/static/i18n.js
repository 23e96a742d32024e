// The page in the reader's language. The catalogue is the gettext PO file
// the Go side reads too (i18n/LANG.po, see docs/i18n.md): each msgid is the
// English text the page or the engine writes, a msgid with arguments the
// format it is written with (%s a name or word, %d a number, %v a message
// of its own, %% a percent sign, %[2]s the second argument). A text is
// translated by finding the message it was written from (the most specific
// template that matches it whole) and writing that message in the
// language; text no message matches (names, numbers) stays as it is, and
// English is the fallback.
//
// setupLanguage picks the language (the reader's choice kept in this
// browser, else the browser's languages), loads its catalogue and, for a
// language other than English, translates the page as it is drawn: every
// text node and the title, aria-label, placeholder and alt attributes, except
// inside an element marked translate="no" (chat, notes, names).

/** LANGUAGES are the languages the page speaks, by code, in their own words. */
export const LANGUAGES = { en: 'English', fr: 'Français' };
const KEY = 'tresham.lang';
// An entry whose msgid and msgstr hold arguments: c-format, or go-format
// when its translation reorders them with %[n]s.
const isFormat = (e) => e.flags.includes('c-format') || e.flags.includes('go-format');
const ATTRS = ['title', 'aria-label', 'placeholder', 'alt'];

let cat = null; // the catalogue of the language shown; null for English
let lang = 'en';

/** language returns the code of the language the page is shown in. */
export function language() { return lang; }

/** chooseLanguage keeps code as this browser's choice and reloads the page in it. */
export function chooseLanguage(code) {
  localStorage.setItem(KEY, code);
  location.reload();
}

/** pickLanguage is the language to show: the kept choice, else the first of the browser's languages the page speaks. */
export function pickLanguage() {
  const kept = localStorage.getItem(KEY);
  if (kept && LANGUAGES[kept]) return kept;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const code = String(l).toLowerCase().split('-')[0];
    if (LANGUAGES[code]) return code;
  }
  return 'en';
}

/** setupLanguage loads the catalogue of the language to show and starts translating the page. */
export async function setupLanguage() {
  lang = pickLanguage();
  document.documentElement.lang = lang;
  if (lang === 'en') return;
  try {
    const res = await fetch(`/i18n/${lang}.po`);
    if (!res.ok) throw new Error(`${res.status}`);
    cat = loadCatalog(await res.text());
  } catch (e) {
    console.warn(`no ${lang} catalogue, the page stays in English:`, e.message);
    cat = null;
    return;
  }
  document.title = tr(document.title);
  translateTree(document.body);
  new MutationObserver(onMutations).observe(document.documentElement, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRS,
  });
  new MutationObserver(() => { const t = tr(document.title); if (t !== document.title) document.title = t; })
    .observe(document.querySelector('title'), { subtree: true, childList: true, characterData: true });
}

// untranslated: text written by people (chat, notes: translate="no",
// a text box's contents) and code stay as they are; a box's placeholder
// and label are translated.
function untranslated(node) {
  if (node.nodeType === Node.ELEMENT_NODE) return !!node.closest('[translate="no"]');
  const el = node.parentElement;
  return !el || el.closest('[translate="no"], script, style, textarea, code');
}

function translateText(node) {
  if (untranslated(node)) return;
  const t = tr(node.data);
  if (t !== node.data) node.data = t;
}

function translateAttrs(el) {
  if (untranslated(el)) return;
  for (const a of ATTRS) {
    const v = el.getAttribute(a);
    if (v === null) continue;
    const t = tr(v);
    if (t !== v) el.setAttribute(a, t);
  }
}

function translateTree(root) {
  if (!root) return;
  if (root.nodeType === Node.TEXT_NODE) { translateText(root); return; }
  if (root.nodeType !== Node.ELEMENT_NODE) return;
  translateAttrs(root);
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) translateText(n);
    else translateAttrs(n);
  }
}

function onMutations(list) {
  for (const m of list) {
    if (m.type === 'characterData') translateText(m.target);
    else if (m.type === 'attributes') translateAttrs(m.target);
    else for (const n of m.addedNodes) translateTree(n);
  }
}

/** tr writes text in the page's language (unchanged in English or when no message matches). */
export function tr(text) {
  if (!cat || typeof text !== 'string') return text;
  return cat.translate(text);
}

/**
 * message writes a message of the engine ({id, args}: a log line's or a
 * refusal's, docs/i18n.md) in the page's language; fallback, the English
 * text the engine wrote, in English, for a message with no id, or when
 * there is no catalogue.
 */
export function message(m, fallback) {
  if (!cat || !m || typeof m.id !== 'string' || !m.id) return fallback;
  return cat.render({ id: m.id, args: argsOf(m) });
}

// argsOf is a message's arguments for render: a nested message ({id,
// args}) stays a message, written in turn; anything else is its text.
const argsOf = (m) => (m.args || []).map((a) => (a && typeof a === 'object' ? a : String(a)));

/**
 * msg is a message the page builds ({id, args}): id its English format
 * (the catalogue's msgid), args its arguments, each a value or a message
 * of its own (for a %v). render writes it.
 */
export function msg(id, ...args) { return { id, args }; }

/** msgc is msg for a message of context ctx (msgctxt). */
export function msgc(ctx, id, ...args) { return { ctx, id, args }; }

/** msgn is msg with an English plural form, chosen by the first %d argument. */
export function msgn(id, plural, ...args) { return { id, plural, args }; }

/**
 * render writes a message of the page (msg, msgc, msgn) in the page's
 * language; in English, or with no translation, its English text. A
 * message {text} is a text that has no message: as tr writes it.
 */
export function render(m) {
  if (!m) return '';
  if (typeof m === 'string') return m;
  if (m.text !== undefined) return tr(m.text);
  const c = cat || (english = english || loadCatalog(''));
  return c.render({ ctx: m.ctx, id: m.id, plural: m.plural, args: argsOf(m) });
}

// refusals holds the messages of the refusals lately received, by the
// error text they came with (noteRefusal, errorText).
const refusals = new Map();
let english = null; // a catalogue with no translations: the engine's English

/** noteRefusal keeps the message ({id, args}) of a refusal that came with the error text text, for errorText. */
export function noteRefusal(text, refusal) {
  if (!refusal || typeof refusal.id !== 'string' || !refusal.id) return;
  if (refusals.size > 50) refusals.clear();
  refusals.set(String(text), refusal);
}

/**
 * errorText is an error text in the page's language: a refusal's reason
 * written from its message id and arguments (noteRefusal), the words
 * around it ("illegal action: ") from the catalogue; other text as tr
 * writes it.
 */
export function errorText(text) {
  const m = cat && refusals.get(String(text));
  if (!m) return tr(text);
  english = english || loadCatalog('');
  const reason = english.render({ id: m.id, args: (m.args || []).map(String) });
  const i = String(text).lastIndexOf(reason);
  if (i < 0) return tr(text);
  const mark = '\u2063\u2063';
  const around = tr(text.slice(0, i) + mark + text.slice(i + reason.length));
  return around.includes(mark) ? around.replace(mark, message(m, reason)) : tr(text);
}

/** t is the format's translation with args put in: t('%s passes', name). */
export function t(format, ...args) {
  const c = cat || (english = english || loadCatalog(''));
  return c.render({ id: format, args: argsOf({ args }) });
}

/** tc is t for a message of context ctx (msgctxt): a phrase that alone would read as any text, such as '%s and %s'. */
export function tc(ctx, format, ...args) {
  const c = cat || (english = english || loadCatalog(''));
  return c.render({ ctx, id: format, args: argsOf({ args }) });
}

/**
 * useCatalog makes the page speak the catalogue text (a PO file) without
 * a browser: node's tests of the page's messages. An empty text, English.
 */
export function useCatalog(text, code = 'fr') {
  cat = text ? loadCatalog(text) : null;
  lang = text ? code : 'en';
}

// ---- the catalogue: parsing PO, plural forms, decoding and rendering ----

function unquote(s) {
  return JSON.parse(s.replace(/\\([^"\\/bfnrtu])/g, (_, c) => ({ a: '\u0007', v: '\u000b' }[c] || c)));
}

/** parsePO reads a PO file's entries: {ctx, id, plural, str: []}. */
export function parsePO(text) {
  const out = [];
  let cur = null;
  let field = null;
  const start = () => { if (!cur) cur = { ctx: '', id: '', plural: '', str: [], flags: [] }; };
  const flush = () => { if (cur && (cur.id !== '' || cur.str.length)) out.push(cur); cur = null; field = null; };
  for (const raw of text.split('\n')) {
    const s = raw.trim();
    if (s === '') { flush(); continue; }
    if (s.startsWith('#,')) { if (cur && cur.str.length) flush(); start(); cur.flags.push(...s.slice(2).split(',').map((f) => f.trim())); continue; }
    if (s.startsWith('#')) continue;
    if (s.startsWith('"')) { if (field) field.set(field.get() + unquote(s)); continue; }
    const sp = s.indexOf(' ');
    const key = s.slice(0, sp);
    const val = unquote(s.slice(sp + 1).trim());
    if ((key === 'msgctxt' || key === 'msgid') && cur && cur.str.length) flush();
    start();
    const e = cur;
    if (key === 'msgctxt') { e.ctx = val; field = { get: () => e.ctx, set: (v) => { e.ctx = v; } }; }
    else if (key === 'msgid') { e.id = val; field = { get: () => e.id, set: (v) => { e.id = v; } }; }
    else if (key === 'msgid_plural') { e.plural = val; field = { get: () => e.plural, set: (v) => { e.plural = v; } }; }
    else if (key.startsWith('msgstr')) { const i = e.str.length; e.str.push(val); field = { get: () => e.str[i], set: (v) => { e.str[i] = v; } }; }
  }
  flush();
  return out;
}

// formats holds parseFormat's answers: the panel renders the same few
// formats for every choice of every move
const formats = new Map();

/** parseFormat splits a format into text pieces and arguments {verb, index} (the answer is shared: do not change it). */
export function parseFormat(f) {
  let hit = formats.get(f);
  if (hit) return hit;
  hit = splitFormat(f);
  if (formats.size > 5000) formats.clear();
  formats.set(f, hit);
  return hit;
}

function splitFormat(f) {
  const out = [];
  let lit = '';
  let next = 0;
  for (let i = 0; i < f.length; i++) {
    if (f[i] !== '%') { lit += f[i]; continue; }
    i++;
    if (f[i] === '%') { lit += '%'; continue; }
    let idx = next;
    if (f[i] === '[') {
      const end = f.indexOf(']', i);
      idx = Number(f.slice(i + 1, end)) - 1;
      i = end + 1;
    }
    if (lit) { out.push({ text: lit }); lit = ''; }
    out.push({ verb: f[i] === 'w' ? 'v' : f[i], index: idx });
    next = idx + 1;
  }
  if (lit) out.push({ text: lit });
  return out;
}

function verbsOf(f) {
  const vs = [];
  for (const p of parseFormat(f)) if (p.verb) vs[p.index] = p.verb;
  return vs;
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// pluralRule turns a Plural-Forms expression into a function of n, by a
// small parser of the C expressions gettext allows (no eval).
function pluralRule(src) {
  let pos = 0;
  const ws = () => { while (src[pos] === ' ') pos++; };
  const eat = (tok) => { ws(); if (src.startsWith(tok, pos)) { pos += tok.length; return true; } return false; };
  const levels = [['||'], ['&&'], ['==', '!='], ['<=', '>=', '<', '>'], ['%']];
  const ops = {
    '||': (a, b) => +(a || b), '&&': (a, b) => +(a && b), '==': (a, b) => +(a === b), '!=': (a, b) => +(a !== b),
    '<=': (a, b) => +(a <= b), '>=': (a, b) => +(a >= b), '<': (a, b) => +(a < b), '>': (a, b) => +(a > b), '%': (a, b) => (b ? a % b : 0),
  };
  const unary = () => {
    if (eat('!')) { const e = unary(); return (n) => +!e(n); }
    if (eat('(')) { const e = ternary(); eat(')'); return e; }
    if (eat('n')) return (n) => n;
    ws();
    const m = /^\d+/.exec(src.slice(pos));
    if (!m) throw new Error(`plural expression ${src}: number expected at ${pos}`);
    pos += m[0].length;
    const v = Number(m[0]);
    return () => v;
  };
  const binary = (level) => {
    if (level === levels.length) return unary();
    let left = binary(level + 1);
    for (;;) {
      const op = levels[level].find((t) => eat(t));
      if (!op) return left;
      const l = left;
      const r = binary(level + 1);
      left = (n) => ops[op](l(n), r(n));
    }
  };
  const ternary = () => {
    const c = binary(0);
    if (!eat('?')) return c;
    const a = ternary();
    eat(':');
    const b = ternary();
    return (n) => (c(n) ? a(n) : b(n));
  };
  return ternary();
}

/** loadCatalog builds a catalogue from a PO file's text: translate(text) and render({id, args}). */
export function loadCatalog(text) {
  const entries = new Map();
  const templates = [];
  let plural = (n) => +(n !== 1);
  for (const e of parsePO(text)) {
    if (e.id === '' && e.ctx === '') {
      const m = /plural=([^;\n]*)/.exec(e.str[0] || '');
      if (m) plural = pluralRule(m[1].trim());
      continue;
    }
    if (e.flags.includes('fuzzy')) continue;
    entries.set(`${e.ctx}\u0004${e.id}`, e);
    if (e.ctx || !isFormat(e)) continue; // plain text: no arguments
    for (const id of [e.id, e.plural]) {
      if (!id || !id.includes('%')) continue;
      let re = '^';
      let lit = 0;
      let longest = '';
      const verbs = [];
      for (const p of parseFormat(id)) {
        if (!p.verb) { re += escapeRe(p.text); lit += p.text.length; if (p.text.length > longest.length) longest = p.text; } else { re += p.verb === 'd' ? '(-?[0-9]+)' : p.verb === 'q' ? '("(?:[^"\\\\]|\\\\.)*")' : '(.+?)'; verbs.push(p.verb === 'w' ? 'v' : p.verb); }
      }
      if (verbs.length || id.includes('%%')) templates.push({ id: e.id, re: new RegExp(re + '$', 's'), lit, longest, verbs });
    }
  }
  templates.sort((a, b) => b.lit - a.lit);
  const cache = new Map();

  // decode finds the message s was written from: of the templates that
  // match it whole, the one whose names (%s arguments) are shortest, then
  // the one with most literal text, as the Go side does.
  const decode = (s) => {
    if (entries.has(`\u0004${s}`)) return { id: s, args: [] };
    if (!/[A-Za-z]/.test(s)) return null;
    let best = null;
    let bestNames = Infinity;
    for (const tp of templates) {
      if (tp.longest && !s.includes(tp.longest)) continue;
      const m = tp.re.exec(s);
      if (!m) continue;
      let names = 0;
      for (let i = 0; i < tp.verbs.length; i++) if (tp.verbs[i] === 's') names += [...m[i + 1]].length;
      if (names < bestNames) { best = { id: tp.id, args: m.slice(1) }; bestNames = names; }
    }
    return best;
  };
  const pick = (e, args) => {
    if (!e.plural) return e.str[0] || e.id;
    let n = 1;
    const vs = verbsOf(e.id);
    for (let i = 0; i < vs.length; i++) if (vs[i] === 'd') { n = Number(args[i]); break; }
    const s = e.str[plural(n)];
    return s || (n === 1 ? e.id : e.plural);
  };
  // englishCount is the number that picks a message's English form: its first %d argument.
  const englishCount = (m) => {
    const vs = verbsOf(m.id);
    for (let i = 0; i < vs.length; i++) if (vs[i] === 'd') return Number(m.args[i]);
    return 1;
  };
  const render = (m, depth = 0) => {
    const e = entries.get(`${m.ctx || ''}\u0004${m.id}`);
    if (e && !isFormat(e)) return e.str[0] || e.id; // plain text
    const format = e ? pick(e, m.args) : m.plural && englishCount(m) !== 1 ? m.plural : m.id;
    const vs = verbsOf(m.id);
    let out = '';
    for (const p of parseFormat(format)) {
      if (!p.verb) { out += p.text; continue; }
      const a = m.args[p.index] ?? '';
      if (a && typeof a === 'object') { out += depth < 64 ? render(a, depth + 1) : ''; continue; }
      const v = vs[p.index] || p.verb;
      if (v === 'd' || v === 'q') out += a;
      else if (v === 'v') out += depth < 64 ? translate(a, depth + 1) : a;
      else { const w = entries.get(`arg\u0004${a}`); out += w && w.str[0] ? w.str[0] : a; }
    }
    return out;
  };
  const translate = (text, depth = 0) => {
    const core = text.trim();
    if (!core) return text;
    let hit = depth === 0 ? cache.get(text) : undefined;
    if (hit !== undefined) return hit;
    const m = decode(core);
    const start = text.indexOf(core);
    hit = m ? text.slice(0, start) + render(m, depth) + text.slice(start + core.length) : text;
    if (depth === 0) {
      if (cache.size > 20000) cache.clear();
      cache.set(text, hit);
      cache.set(hit, hit); // a translation is not translated again
    }
    return hit;
  };
  return { translate: (s) => translate(s), render: (m) => render(m), decode, size: entries.size };
}
