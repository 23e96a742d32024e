// Unit tests of the share-price effects the action panel shows
// (ui/static/effects.js), on small markets built like the titles' charts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { saleEffect, dividendEffect } from '../ui/static/effects.js';

const cell = (price, type = 'normal') => ({ price, type });
// 1860: one zig-zag row; a right move is two cells, a sale one cell left.
const zig = { market_grid: { zigzag: true, rows: [[cell(0, 'close'), cell(40), cell(45), cell(50, 'ignore_one_sale'), cell(55), cell(60), cell(65), cell(70), cell(75), cell(80), cell(90), cell(100), cell(110), cell(120, 'endgame')]] } };
// 1825-like: rows, a right move is one cell.
const grid = { market_grid: { zigzag: false, rows: [[cell(50), cell(60), cell(70), cell(80), cell(90)], [cell(40), cell(50), cell(60), null, null]] } };
const corp = (pos, extra = {}) => ({ sym: 'X', share_pos: pos, operated: true, ...extra });

test('1860 sales drop one place per share, not before operating, ignoring one in a red cell', () => {
  assert.equal(saleEffect('1860', zig, {}, corp([0, 7]), 20).to.price, 60);
  assert.match(saleEffect('1860', zig, {}, corp([0, 7]), 20).text, /£70 → £60: 2 places down/);
  assert.equal(saleEffect('1860', zig, {}, corp([0, 7], { operated: false }), 30).to.price, 70);
  assert.equal(saleEffect('1860', zig, {}, corp([0, 3]), 10).to.price, 50);
  assert.equal(saleEffect('1860', zig, {}, corp([0, 3]), 20).to.price, 45);
  assert.equal(saleEffect('1860', zig, { flags: { no_price_drop_on_sale: true } }, corp([0, 7]), 20).to.price, 70);
  assert.match(saleEffect('1860', zig, {}, corp([0, 2]), 30).text, /company closes/);
});

test('1860 dividends: one space right per multiple of the price, at most four; withholding one space left', () => {
  assert.equal(dividendEffect('1860', zig, corp([0, 5]), 'payout', 59).to.price, 60);
  assert.equal(dividendEffect('1860', zig, corp([0, 5]), 'payout', 60).to.price, 70);
  assert.equal(dividendEffect('1860', zig, corp([0, 5]), 'payout', 130).to.price, 80);
  assert.equal(dividendEffect('1860', zig, corp([0, 1]), 'payout', 400).to.price, 80);
  assert.match(dividendEffect('1860', zig, corp([0, 9]), 'payout', 400).text, /→ £120: 4 spaces right \(stops at the end of the chart after 2\) — the game ends/);
  assert.equal(dividendEffect('1860', zig, corp([0, 5]), 'withhold', 60).to.price, 50);
  assert.match(dividendEffect('1860', zig, corp([0, 5]), 'withhold', 60).text, /£60 → £50: 1 space left/);
  assert.match(dividendEffect('1860', zig, corp([0, 5]), 'payout').text, /1 at £60\+ → £70/);
});

test('1825: sales do not move the price; more than half the price pays one place right', () => {
  assert.equal(saleEffect('1825', grid, {}, corp([0, 2]), 30).to.price, 70);
  assert.equal(dividendEffect('1825', grid, corp([0, 2]), 'payout', 35).to.price, 70);
  assert.equal(dividendEffect('1825', grid, corp([0, 2]), 'payout', 36).to.price, 80);
  assert.equal(dividendEffect('1825', grid, corp([0, 2]), 'payout', 140).to.price, 90);
  assert.equal(dividendEffect('1825', grid, corp([0, 4]), 'payout', 400).to.price, 90);
  assert.equal(dividendEffect('1825', grid, corp([1, 1]), 'withhold', 10).to.price, 40);
  assert.match(dividendEffect('1825', grid, corp([1, 0]), 'withhold', 10).text, /price stays £40/);
  assert.equal(saleEffect('1825', grid, {}, { sym: 'X' }, 10), null);
});
