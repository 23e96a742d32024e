// The Legal list's move labels as messages (ui/static/panel.js
// describeMessage, effects.js effectMessage; docs/i18n.md): in English
// each reads as the page always wrote it (bots and tests match the text),
// in French each is written from the catalogue, argument by argument,
// with no English word left. Runs in node, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './harness.js';
import { describe, describeMessage } from '../ui/static/panel.js';
import { useCatalog } from '../ui/static/i18n.js';

const rules = { companies: [{ sym: 'FYN', name: 'Fishbourne Ferry' }] };
const cell = (price, row, col, type) => ({ price, row, col, ...(type ? { type } : {}) });
const st = { round: 'Operating', corporations: [{ sym: 'IOW', share_price: 80, trains: ['2-0'] }, { sym: 'NGStL', share_price: 60, trains: [] }], depot: { discarded: ['3-1'] } };

// CASES are actions with the English label the page writes.
const CASES = [
  [{ type: 'dividend', kind: 'payout' }, { effect: { revenue: 260, price: { from: cell(180, 0, 5), to: cell(205, 0, 6), direction: 'right', steps: 1, moved: 1, unit: 'place' } } },
    'Pay out £260 — price £180 → £205: 1 place right'],
  [{ type: 'dividend', kind: 'withhold' }, { effect: { revenue: 260, price: { from: cell(180, 0, 5), to: cell(160, 0, 4), direction: 'left', steps: 1, moved: 1, unit: 'place' } } },
    'Withhold £260 — price £180 → £160: 1 place left'],
  [{ type: 'dividend', kind: 'payout' }, { revenue: 120 }, 'Pay out £120'],
  [{ type: 'dividend', kind: 'half' }, {}, 'Pay half'],
  [{ type: 'pass', entity: 'IOW' }, { ends: 'track_token' }, 'Pass: no more track or stations this turn'],
  [{ type: 'pass', entity: 'IOW' }, { ends: 'trains' }, "Pass: buy no more trains (IOW's turn ends)"],
  [{ type: 'sell_shares', shares: ['IOW_3', 'IOW_4'], percent: 20 }, { effect: { cash: 160, price: { from: cell(80, 0, 5), to: cell(60, 2, 5), direction: 'down', steps: 2, moved: 2, unit: 'space' } } },
    'Sell 20% of IOW for £160 — price £80 → £60: 2 spaces down'],
  [{ type: 'sell_shares', shares: ['NGStL_3'], percent: 10, share_price: 40 }, { effect: { cash: 40, price: { from: cell(60, 0, 5), to: cell(60, 0, 5), steps: 0, moved: 0, reason: 'NGStL has not operated yet', reason_msg: { id: '%s has not operated yet', args: ['NGStL'] } } } },
    "Sell 10% of NGStL for £40 (£40 a share, not the market's £60: it has no train) — price stays £60 (NGStL has not operated yet)"],
  [{ type: 'sell_shares', shares: ['IOW_3'], percent: 10 }, { effect: { cash: 80, price: { from: cell(45, 0, 2), to: cell(0, 3, 0, 'close'), direction: 'down', steps: 3, moved: 2, unit: 'place' } } },
    'Sell 10% of IOW for £80 — price £45 → £0: 3 places down (stops at the end of the chart after 2) — the company closes'],
  [{ type: 'buy_shares', shares: ['IOW_0'], percent: 20, price: 160, entity_type: 'player' }, { from: 'ipo' }, "Buy the IOW director's certificate (20%) from the IPO for £160"],
  [{ type: 'buy_shares', shares: ['IOW_5'], percent: 10, entity_type: 'player' }, { from: 'market' }, 'Buy a 10% share of IOW from the bank pool for £80'],
  [{ type: 'buy_shares', shares: ['IOW_5'], percent: 10, entity: 'FYN', entity_type: 'company' }, {}, 'Swap Fishbourne Ferry (FYN) for a 10% share of IOW (worth £80); FYN closes'],
  [{ type: 'bid', company: 'FYN', price: 30 }, {}, 'Buy Fishbourne Ferry (FYN) for £30, its face value'],
  [{ type: 'bid', price: 45 }, {}, 'Bid £45 for the first pick'],
  [{ type: 'par', corporation: 'IOW', share_price: '74,0,21' }, {}, 'Start IOW at par £74'],
  [{ type: 'buy_train', train: '3-1', price: 180 }, {}, 'Buy a 3 train from the pool for £180'],
  [{ type: 'buy_train', train: '2-0', price: 1 }, {}, 'Buy a 2 train from IOW for £1'],
  [{ type: 'buy_train', train: '4-3', price: 300, variant: '3E' }, {}, 'Buy a 4 train from the bank for £300 as a 3E'],
  [{ type: 'lay_tile', tile: '57-0', hex: 'G5', rotation: 2 }, {}, 'Lay tile 57 on G5, turned 120° clockwise'],
  [{ type: 'place_token', city: 'G5-0-0' }, {}, 'Place a station token in G5-0-0'],
  [{ type: 'discard_train', train: '2+1-3' }, {}, 'Discard the 2+1 train'],
  [{ type: 'special_buy', description: '4', cost: 300 }, {}, 'Lease a 4 train from the bank for this turn, for £300'],
  [{ type: 'move_surveyor', hex: 'K5', description: 'L6' }, {}, 'Move the Surveyor on L6 to K5'],
];

// ENGLISH are words of the labels that no name holds (and French does not
// share: not 'train', 'place', 'par', 'a').
const ENGLISH = new Set(['Buy', 'Sell', 'Pass', 'Pay', 'out', 'Withhold', 'half', 'price', 'places', 'space', 'spaces', 'right', 'left', 'down',
  'stays', 'from', 'for', 'the', 'share', 'bank', 'pool', 'turn', 'track', 'stations', 'director', 'certificate', 'worth', 'closes',
  'company', 'chart', 'stops', 'after', 'Lay', 'tile', 'turned', 'clockwise', 'Place', 'station', 'token', 'Discard', 'Lease', 'Move', 'Surveyor',
  'Swap', 'face', 'value', 'Bid', 'first', 'pick', 'Start', 'as', 'has', 'not', 'operated', 'yet', 'market', 'it', 'no', 'more', 'or', 'this', 'ends']);

test('in English each label reads as before, in French it holds no English word', () => {
  useCatalog('');
  for (const [a, ctx, want] of CASES) assert.equal(describe(a, st, { rules, ...ctx }), want);
  useCatalog(readFileSync(join(root, 'ui', 'static', 'i18n', 'fr.po'), 'utf8'));
  try {
    for (const [a, ctx, english] of CASES) {
      const m = describeMessage(a, st, { rules, ...ctx });
      assert.ok(m.id, `${english}: a message, not text`);
      const fr = describe(a, st, { rules, ...ctx });
      const left = fr.replace('Fishbourne Ferry', '').split(/[^A-Za-z]+/).filter((w) => ENGLISH.has(w));
      assert.deepEqual(left, [], `${english} → ${fr}`);
    }
    assert.equal(describe(CASES[0][0], st, { rules, ...CASES[0][1] }), 'Distribuer £260 — cours £180 → £205 : 1 case à droite');
    assert.equal(describe(CASES[6][0], st, { rules, ...CASES[6][1] }), 'Vendre 20 % de IOW pour £160 — cours £80 → £60 : 2 cases vers le bas');
    // the reason a price stays, sent as a message (reason_msg), written natively
    assert.match(describe(CASES[7][0], st, { rules, ...CASES[7][1] }), /le cours reste à £60 \(NGStL n'a pas encore opéré\)$/);
  } finally {
    useCatalog('');
  }
});
