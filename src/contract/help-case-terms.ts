// What the help desk's pages show and check before sending (states, limits, file types), apart from the schemas so a
// page shows them without zod; `help-cases.ts` builds its schemas from them.

export const caseStates = ['new', 'open', 'pending', 'resolved', 'closed'] as const;
export type CaseState = (typeof caseStates)[number];

export const caseStateLabels: Record<CaseState, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Waiting on you',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** The same states as agents read them. */
export const agentStateLabels: Record<CaseState, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending (waiting on customer)',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** How long a resolved case may still be reopened by a reply from the person who raised it. */
export const reopenDays = 14;

/** A case waiting on the customer this long gets one reminder mail; a resolved case closes `reopenDays` after. */
export const pendingReminderDays = 3;

/** How long a guest's code works, and how many wrong tries it takes. */
export const caseCodeMinutes = 60;
export const caseCodeMaxWrongTries = 5;

// Files attached to a case: images and PDF, their type read from their bytes (never from their name).
export const attachmentContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const attachmentAccept = attachmentContentTypes.join(',');
export const maxAttachmentBytes = 5_000_000;
export const maxAttachmentsPerCase = 20;
export const attachmentTypeMessage =
  'Attach an image (JPEG, PNG or WebP) or a PDF. This file is neither, whatever its name says.';
export const attachmentTooLargeMessage = 'A file can be at most 5 MB.';

/** The header a guest's browser sends with the access its mailed link was exchanged for. */
export const caseAccessHeader = 'x-case-access';
