import * as assert from 'node:assert/strict';
import { ITEMS_IN_TEXT, listText } from '../../../src/agentTools/toolText';

describe('listText', () => {
  const heading = (count: number) => `${count} things:`;

  it('says the words for none when the list is empty, without asking for a heading', () => {
    assert.equal(
      listText([], 'No things.', () => assert.fail('no heading for an empty list')),
      'No things.',
    );
  });

  it('heads the items with their count, a line each', () => {
    assert.equal(listText(['a', 'b'], 'No things.', heading), '2 things:\n- a\n- b');
  });

  it('counts every item in the heading, and lists the first ones with how many more the JSON holds', () => {
    const items = Array.from({ length: ITEMS_IN_TEXT + 3 }, (_, index) => `item ${index}`);
    const text = listText(items, 'No things.', heading).split('\n');
    assert.equal(text[0], `${ITEMS_IN_TEXT + 3} things:`);
    assert.equal(text.length, ITEMS_IN_TEXT + 2);
    assert.equal(text.at(-1), '… and 3 more (see the JSON).');
  });
});
