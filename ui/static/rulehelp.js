// Links from refusals to the rules help page. Refusals are the engine's or
// the server's messages as shown; which help section explains one is
// decided here, in one place, from its words (and, for 1825, the rule
// number it cites). A message no pattern knows gets a link to the page.
import { h } from './dom.js';
import { RULES } from './rules.js';

// 1825 messages cite numbered rules: the section covering each prefix.
const NUMBERED_1825 = [
  ['4.1', 'formation'], ['4.2', 'laying'], ['4.3', 'promotion'], ['4.4', 'bases'], ['4.5', 'running'], ['4.6', 'trains'], ['4.7', 'phases'],
  ['5.1.7', 'cert-limit'], ['5.1', 'buying'], ['5.2.1', 'buying'], ['5.2', 'selling'], ['5.3', 'director'],
  ['6.1', 'sequence'], ['6.2', 'end'], ['6.3', 'share-values'], ['6.4', 'receivership'], ['6.5', 'money'], ['6.6', 'surveyors'],
];

// PATTERNS: the first whose expression matches the message names the
// section; a title missing from a row falls through to later rows.
const PATTERNS = [
  [/surveyor/i, { 1825: 'surveyors' }],
  [/certificate limit|holding limit|over the limit/i, { 1860: 'cert-limit', 1825: 'cert-limit' }],
  [/insolven|\blease|leasing/i, { 1860: 'insolvency', 1825: 'receivership' }],
  [/receivership/i, { 1860: 'receivership', 1825: 'receivership' }],
  [/auction|\bbid\b|bidd/i, { 1860: 'auction' }],
  [/private|exchang|company ".*" (cannot|is not)|fishbourne/i, { 1860: 'privates', 1825: 'selling' }],
  [/train limit/i, { 1860: 'trains', 1825: 'trains' }],
  [/route|\brun\b|runs twice|revenue|subsidy|halt|tokened|stop/i, { 1860: 'running', 1825: 'running' }],
  [/dividend|payout|withhold/i, { 1860: 'dividends', 1825: 'share-values' }],
  [/promot|upgrade|replace|keep the (existing )?track|reach/i, { 1860: 'upgrading', 1825: 'promotion' }],
  [/\btiles?\b|track|hex|terrain|rotation|lay/i, { 1860: 'laying', 1825: 'laying' }],
  [/token|\bbase\b|station/i, { 1860: 'bases', 1825: 'bases' }],
  [/train/i, { 1860: 'trains', 1825: 'trains' }],
  [/par\b|start .* at/i, { 1860: 'stock', 1825: 'buying' }],
  [/\bsell|\bsold\b/i, { 1860: 'stock', 1825: 'selling' }],
  [/share|certificate|\bbuy\b/i, { 1860: 'stock', 1825: 'buying' }],
  [/turn|not .* now|cannot .* now|game is over|round/i, { 1860: 'overview', 1825: 'sequence' }],
];

// BY_TYPE: the section of a refused action's type, when its words match
// no pattern.
const BY_TYPE = {
  lay_tile: { 1860: 'laying', 1825: 'laying' }, place_token: { 1860: 'bases', 1825: 'bases' },
  run_routes: { 1860: 'running', 1825: 'running' }, dividend: { 1860: 'dividends', 1825: 'share-values' },
  buy_train: { 1860: 'trains', 1825: 'trains' }, discard_train: { 1860: 'trains', 1825: 'trains' },
  bid: { 1860: 'auction' }, par: { 1860: 'stock', 1825: 'buying' }, buy_shares: { 1860: 'stock', 1825: 'buying' },
  sell_shares: { 1860: 'stock', 1825: 'selling' }, buy_company: { 1860: 'privates', 1825: 'buying' },
  sell_company: { 1860: 'privates', 1825: 'selling' },
};

/**
 * ruleSection is the help section id explaining message in title, or '';
 * type is the refused action's type when known.
 */
export function ruleSection(title, message, type) {
  const msg = String(message || '');
  if (!RULES[title] || !msg) return '';
  if (String(title) === '1825') {
    const m = /\brules?\s+(\d+(?:\.\d+)*)/i.exec(msg);
    if (m) {
      const hit = NUMBERED_1825.find(([pre]) => m[1] === pre || m[1].startsWith(pre + '.'));
      if (hit) return hit[1];
    }
  }
  for (const [re, by] of PATTERNS) if (by[title] && re.test(msg)) return by[title];
  return (BY_TYPE[type] && BY_TYPE[type][title]) || '';
}

/** ruleLink is a link to the help section explaining a refusal (null when there is no message or no help for title). */
export function ruleLink(title, message, type) {
  if (!message || !RULES[title]) return null;
  const id = ruleSection(title, message, type);
  const sec = RULES[title].sections.find((s) => s.id === id);
  return h('a', { class: 'rule-link', href: `/?help=${encodeURIComponent(title)}${id ? '#' + id : ''}`, target: '_blank', rel: 'noopener', 'data-section': id || null },
    sec ? `Why? See the rules: ${sec.title}` : `See the rules of ${title}`);
}
