import { errorEnvelope, formErrorKey, serverMessage } from '#components/fields/form-errors.ts';

const answerPrefix = 'body.answers.';

/** A refusal's messages about answers, by answer key (`body.answers.<key>` → `<key>`). */
export function answerRefusals(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const item of errorEnvelope(error)?.errors ?? []) {
    if (item.path.startsWith(answerPrefix)) found[item.path.slice(answerPrefix.length)] ??= item.message;
  }
  return found;
}

/**
 * `buyer.email` → `email`, `code` → the code's own field, `answers.<key>` → that answer's field, `attendees.<n>.email`
 * → the n-th ticket's holder email (`holderEmails`, by the attendee's index); what has no field here goes above the form.
 */
export function placeServerErrors(error: unknown): {
  placed: Record<string, string>;
  codeRefusal: string | null;
  answers: Record<string, string>;
  holderEmails: Record<number, string>;
} {
  const placed: Record<string, string> = {};
  const holderEmails: Record<number, string> = {};
  let codeRefusal: string | null = null;
  for (const item of errorEnvelope(error)?.errors ?? []) {
    const field = /buyer\.(name|email)$/.exec(item.path)?.[1];
    const holder = /^body\.attendees\.(\d+)\.email$/.exec(item.path)?.[1];
    if (field) placed[field] ??= item.message;
    else if (holder !== undefined) holderEmails[Number(holder)] ??= item.message;
    else if (item.path === 'body.code') codeRefusal ??= item.message;
  }
  const answers = answerRefusals(error);
  // A refused code is said above the form too: the code's field is further up the page.
  const atFields = Object.keys(placed).length + Object.keys(answers).length + Object.keys(holderEmails).length;
  if (atFields === 0) placed[formErrorKey] = serverMessage(error);
  return { placed, codeRefusal, answers, holderEmails };
}

/** Each ticket of the order, in the order its tickets are issued: "Standard — ticket 2". */
export function ticketSlots(lines: readonly { ticketTypeId: string; name: string; quantity: number }[]) {
  let position = 0;
  return lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, index) => ({
      key: `${line.ticketTypeId}:${index}`,
      position: position++,
      ticketTypeId: line.ticketTypeId,
      label: line.quantity === 1 ? line.name : `${line.name} — ticket ${index + 1}`,
    })),
  );
}
