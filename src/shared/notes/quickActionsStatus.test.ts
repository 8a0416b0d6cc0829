import { describe, expect, it } from 'vitest';
import { quickActionsNotice } from './quickActionsStatus';

describe('quick actions notice (spec 001 §5)', () => {
  it.each([
    [undefined, null],
    [{ messages: null, command_names: [] }, null],
    [
      { messages: null, command_names: ['close'] },
      { text: 'Commands applied', error: false },
    ],
    [
      { messages: [''], command_names: ['close'] },
      { text: 'Commands applied', error: false },
    ],
    [
      { messages: ['Closed this merge request.'], command_names: ['close'] },
      { text: 'Closed this merge request.', error: false },
    ],
    [
      { messages: ['Could not apply award command.'], command_names: ['award'], error: true },
      { text: 'Could not apply award command.', error: true },
    ],
  ])('%o gives %o', (status, notice) => {
    expect(quickActionsNotice(status)).toEqual(notice);
  });
});
