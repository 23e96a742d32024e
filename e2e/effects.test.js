// Unit tests of the share-price effect wording (ui/static/effects.js). The
// effects themselves come from the engine with each listed choice
// (titles/title.Effect, checked against the rounds in titles/effect_test.go);
// here only their sentences are tested.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { effectText } from '../ui/static/effects.js';

const cell = (price, row, col, type) => ({ price, row, col, ...(type ? { type } : {}) });
const move = (from, to, direction, steps, moved, unit = 'place') => ({ cash: 0, price: { corporation: 'X', from, to, direction, steps, moved, unit } });

test('a move names the prices, the steps and the direction', () => {
  assert.equal(effectText(move(cell(70, 0, 7), cell(60, 0, 5), 'down', 2, 2)), 'price £70 → £60: 2 places down');
  assert.equal(effectText(move(cell(60, 0, 5), cell(50, 0, 3), 'left', 1, 1, 'space')), 'price £60 → £50: 1 space left');
  assert.equal(effectText(move(cell(70, 0, 2), cell(80, 0, 3), 'right', 1, 1)), 'price £70 → £80: 1 place right');
});

test('the end of the chart, closing and the end of the game are said', () => {
  assert.equal(effectText(move(cell(90, 0, 9), cell(120, 0, 13, 'endgame'), 'right', 4, 2, 'space')),
    'price £90 → £120: 4 spaces right (stops at the end of the chart after 2) — the game ends');
  assert.match(effectText(move(cell(45, 0, 2), cell(0, 0, 0, 'close'), 'down', 3, 2)), /— the company closes$/);
});

test('a price that stays says why when a rule keeps it', () => {
  const c = cell(70, 0, 2);
  assert.equal(effectText({ cash: 70, price: { corporation: 'X', from: c, to: c, steps: 0, moved: 0, reason: 'selling does not move it in 1825' } }),
    'price stays £70 (selling does not move it in 1825)');
  assert.equal(effectText(move(c, c, 'right', 0, 0)), 'price stays £70');
  assert.equal(effectText(move(cell(40, 1, 0), cell(40, 1, 0), 'left', 1, 0)), 'price stays £40');
});

test('no effect, no words', () => {
  assert.equal(effectText(undefined), '');
  assert.equal(effectText({ cash: 10 }), '');
});
