import { describe, expect, it } from 'vitest';
import { rulesInWords } from '../../src/play/rules_view';
import { DICTS } from '../../src/common/i18n';
import type { RuleOption } from '../../src/common/api';

const options: RuleOption[] = [
  { name: 'own_pieces_in_zone', type: 'bool', default: false },
  { name: 'piece6_both', type: 'bool', default: false },
  { name: 'size', type: 'int', default: 9, min: 5, max: 19 },
];

describe('rules in words', () => {
  const t = DICTS.en;
  it('says nothing for the standard rules, whatever the text lists', () => {
    expect(rulesInWords(t, options, '')).toBe('');
    expect(rulesInWords(t, options, 'own_pieces_in_zone=0,piece6_both=0,size=9')).toBe('');
  });
  it('names the changed options with their values, never the raw text', () => {
    const words = rulesInWords(t, options, 'own_pieces_in_zone=1,piece6_both=0,size=13');
    expect(words).toContain(`: ${t.yes}`);
    expect(words).toContain(': 13');
    expect(words).not.toMatch(/=|own_pieces_in_zone|piece6_both/);
  });
});
