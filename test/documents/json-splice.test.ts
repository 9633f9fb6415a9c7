// spliceJson against JSON.stringify of the whole document, worked out by the test itself: the
// kept parts' bytes copied into their slots must give exactly the text of the document with each
// part's value in place (multi-byte characters on both sides of a slot included), and slots that
// are not found exactly once make it refuse (null) rather than publish a wrong document.
import { describe, expect, it } from 'vitest';
import { JsonSlots, partBytes, spliceJson } from '../../src/documents/json-splice.js';

describe('spliceJson', () => {
  it('gives the bytes of JSON.stringify of the whole document', () => {
    const daily = { series: [[1, 2.5], [2, null]], name: 'Zürich 🚀' };
    const table = ['é', 'ß', { '10': 'integer-like key', a: 'ö' }];
    const whole = { b: 'ä before', daily, hourly: [[3, 4]], '2': 'x', table, z: 'after ✓' };
    const slots = new JsonSlots();
    const skeleton = { b: 'ä before', daily: slots.slot(partBytes(daily, 'p')), hourly: [[3, 4]], '2': 'x', table: slots.slot(partBytes(table, 'p')), z: 'after ✓' };
    const out = spliceJson(skeleton, slots, 'p');
    expect(out).not.toBeNull();
    expect(out!.toString('utf8')).toBe(JSON.stringify(whole));
    expect(out!.equals(Buffer.from(JSON.stringify(whole), 'utf8'))).toBe(true);
  });

  it('handles a slot at the very start and end and an empty remainder', () => {
    const slots = new JsonSlots();
    const only = spliceJson(slots.slot(partBytes([1, 'ü'], 'p')), slots, 'p');
    expect(only!.toString('utf8')).toBe(JSON.stringify([1, 'ü']));
  });

  it('refuses a slot used twice or left out', () => {
    const twice = new JsonSlots();
    const s = twice.slot(partBytes(1, 'p'));
    expect(spliceJson([s, s], twice, 'p')).toBeNull();
    const missing = new JsonSlots();
    missing.slot(partBytes(1, 'p'));
    const kept = missing.slot(partBytes(2, 'p'));
    expect(spliceJson({ a: kept }, missing, 'p')).toBeNull();
  });

  it('names the document of a non-finite number', () => {
    const slots = new JsonSlots();
    expect(() => spliceJson({ a: Number.NaN, b: slots.slot(partBytes(1, 'p')) }, slots, '/v1/x.json')).toThrow('/v1/x.json');
  });
});
