/** One valid ticket as a wallet pass shows it (Google Wallet, Apple Wallet): what the door reads, and words around it. */
export interface WalletTicket {
  ticketId: string;
  /** Bumped when the ticket changes holder: a new pass, with the new code. */
  version: number;
  eventId: string;
  eventTitle: string;
  startsAt: string;
  endsAt: string;
  /** The start on the event's clock, its zone named, as the PDF prints it. */
  when: string;
  venueName: string | null;
  address: string | null;
  holderName: string;
  typeName: string;
  orderReference: string;
  code: string;
  /** As the door reads it out, shown under the QR code. */
  shortCode: string | null;
  /** A sandbox order's ticket: no way in. */
  test: boolean;
}
