import { describe, expect, it } from 'vitest';
import { type RaisedStep, raisedStepIn, raisedStepState } from './raised-case-step.ts';

const guestStep: RaisedStep = { reference: 'HD-ABCD-EFGH-JKLM', caseId: null, email: 'guest@example.com', fileCount: 2 };
const signedInStep: RaisedStep = { ...guestStep, caseId: '0f8b3c2e-5d7a-4e1b-9c3d-2a6f8e4b1c7d', fileCount: 0 };

describe('the raised case kept in a history entry', () => {
  it('reads back the step the page kept', () => {
    expect(raisedStepIn(raisedStepState(guestStep))).toEqual(guestStep);
    expect(raisedStepIn(raisedStepState(signedInStep))).toEqual(signedInStep);
  });

  it('keeps only the step, not what else the entry holds', () => {
    const state = { raisedCase: { ...guestStep, extra: 'x' }, other: 1 };
    expect(raisedStepIn(state)).toEqual(guestStep);
  });

  it.each([
    ['no state', null],
    ['a string', 'raisedCase'],
    ['another page’s state', { from: '/events' }],
    ['an empty step', { raisedCase: {} }],
    ['a step that is not an object', { raisedCase: 'HD-ABCD-EFGH-JKLM' }],
    ['no reference', { raisedCase: { ...guestStep, reference: undefined } }],
    ['a case id that is not an id', { raisedCase: { ...guestStep, caseId: 'case-1' } }],
    ['no email', { raisedCase: { ...guestStep, email: 7 } }],
    ['a negative file count', { raisedCase: { ...guestStep, fileCount: -1 } }],
    ['a fractional file count', { raisedCase: { ...guestStep, fileCount: 1.5 } }],
    ['a file count in words', { raisedCase: { ...guestStep, fileCount: '2' } }],
  ])('is not read from %s', (_, state) => {
    expect(raisedStepIn(state)).toBeNull();
  });
});
