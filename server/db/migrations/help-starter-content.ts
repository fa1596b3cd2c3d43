// The help desk's first categories and answers (migration 0018). Agents edit them afterwards in the admin area.

export interface StarterCategory {
  slug: string;
  title: string;
  summary: string;
  /** Hours within which a case in this category should get its first agent reply. */
  firstReplyHours: number;
  articles: StarterArticle[];
}

export interface StarterArticle {
  slug: string;
  title: string;
  summary: string;
  body: string;
}

export const starterCategories: StarterCategory[] = [
  {
    slug: 'attendees',
    title: 'Booking and tickets',
    summary: 'Finding events, booking, and carrying your tickets on your phone.',
    firstReplyHours: 24,
    articles: [
      {
        slug: 'how-booking-works',
        title: 'How booking a ticket works',
        summary: 'Choose tickets, give your details and pay; your tickets are held while you do.',
        body: `Open an event and choose how many tickets of each type you want. Before you pay you see the ticket prices, the booking fee and the total.

When you continue, the tickets are **held for you** for a short time (usually 15 minutes) so nobody else can take them while you pay. If the time runs out, they go back on sale and you can simply book again.

- **Paid tickets**: pay by card on the payment page. Your booking is confirmed when the payment succeeds.
- **Free tickets**: if you are signed in and your email is confirmed, they are yours at once. Otherwise we email you a 6-digit code; enter it to receive the tickets.

Your tickets arrive by email with their QR codes and a calendar file, and are always in [My tickets](/account/bookings).`,
      },
      {
        slug: 'tickets-offline',
        title: 'Showing your tickets without a connection',
        summary: 'My tickets opens on your phone with no signal once you have visited it.',
        body: `Venues often have a poor signal, so Admit keeps your tickets on your phone.

1. Sign in and open [My tickets](/account/bookings) once while you are online.
2. Add Admit to your home screen if your browser offers it (optional, but it opens faster).
3. At the door, open My tickets: it opens with no connection, even after your phone restarts.

Each QR code lets **one person in once**. A code that has already been scanned is refused if it is shown again, so never share screenshots of your tickets. If you sign out, the tickets kept on that phone are removed; sign in again while online to bring them back.`,
      },
      {
        slug: 'ticket-email-missing',
        title: 'I did not receive my ticket email',
        summary: 'Check the address you booked with, your spam folder, and My tickets.',
        body: `Tickets are emailed to the address given at booking, normally within a few minutes.

- Look in your spam or promotions folder for a message from Admit.
- If you booked while signed in, your tickets are in [My tickets](/account/bookings) whether or not the email arrived.
- A free booking made without a confirmed email waits for the 6-digit code we sent; the tickets come only after the code is entered.

If none of this helps, raise a case with the email address you booked with and the event's name.`,
      },
    ],
  },
  {
    slug: 'payments-and-refunds',
    title: 'Payments and refunds',
    summary: 'Booking fees, refunds, and what happens when an event is cancelled.',
    firstReplyHours: 12,
    articles: [
      {
        slug: 'refund-policy',
        title: 'Can I get a refund?',
        summary: 'The organiser’s refund policy decides; a cancelled event is refunded in full automatically.',
        body: `Every event is sold by its organiser, and **the organiser's refund policy decides** whether you can get your money back. It is shown on the event page and in your booking confirmation.

- **The event is cancelled**: you are refunded automatically, in full, including the booking fee. You do not need to ask.
- **The event moves date or venue**: the organiser must tell you, and you may ask for a refund if you cannot go.
- **You cannot go**: ask the organiser, or raise a case here and we will pass it on. Organisers can refund a whole order or single tickets.

A refunded ticket's QR code stops working at the door at once. Refunds go back to the card you paid with and usually arrive within **5 to 10 working days**.`,
      },
      {
        slug: 'booking-fee',
        title: 'What is the booking fee?',
        summary: 'A small fee per paid ticket, shown before you pay; free tickets pay none.',
        body: `Admit charges a booking fee on each **paid** ticket. Free tickets never carry a fee.

The fee is a percentage of the ticket price plus a small fixed amount, with a cap per ticket; as standard it is 2.5% plus 0.49, at most 5.00 per ticket, in the ticket's currency. You always see the fee and the total before you pay, and the amount charged is exactly the amount shown.

When an event is cancelled the booking fee is refunded together with the ticket price.`,
      },
      {
        slug: 'payment-declined',
        title: 'My payment was declined',
        summary: 'Nothing is charged for a declined payment; your tickets stay held until the hold ends.',
        body: `If your bank declines the payment, **no money is taken** and no tickets are issued. You can try again with the same or another card while your tickets are still held.

If the hold has ended, the tickets went back on sale: book again to get a new hold. If your bank shows a charge for a booking you never received, raise a case with the date, the amount and the last four digits of the card.`,
      },
    ],
  },
  {
    slug: 'organisers',
    title: 'For organisers',
    summary: 'Creating events, your team, payments and payouts.',
    firstReplyHours: 8,
    articles: [
      {
        slug: 'publishing-an-event',
        title: 'Creating and publishing an event',
        summary: 'Add ticket types and a future date; paid tickets need a verified organisation.',
        body: `Create events in the organiser area under [Events](/organizer/events). An event stays a **draft**, visible only to your team, until you publish it.

To publish, an event needs at least one ticket type and a start in the future. Selling **paid** tickets also needs your organisation to have passed identity verification; free events can be published straight away.

You can edit a published event, take it off sale, or cancel it. Cancelling refunds every paid order automatically, needs the right to refund when there is money to give back, and is not possible once the event has ended.`,
      },
      {
        slug: 'team-roles',
        title: 'Inviting your team and choosing roles',
        summary: 'Owners, managers, finance and door staff each see what their job needs.',
        body: `Owners and managers invite people by email from [Settings](/organizer/settings). The invitation link works once, for 7 days.

- **Owner**: everything, including refunds and the team.
- **Manager**: events and the team.
- **Finance**: payments, refunds, payouts and reports, but not event editing.
- **Door staff**: see the events and scan tickets; nothing else.

You can change a person's role or remove them at any time, and the change takes effect on their next request.`,
      },
      {
        slug: 'payouts',
        title: 'When are we paid?',
        summary: 'Payouts follow the event, to your verified bank account, less fees and refunds.',
        body: `Admit collects ticket money on your behalf. Payouts are normally made to your organisation's verified bank account **within 7 working days after the event**, less Admit's fees and any refunds.

Owners and finance members see every order, totals per currency and refunds under [Payments](/organizer/payments), and can export them as CSV. Orders paid in test mode are marked TEST and left out of the totals: no money was taken for them.`,
      },
    ],
  },
  {
    slug: 'door-staff',
    title: 'At the door',
    summary: 'Preparing phones, scanning tickets and working without a signal.',
    firstReplyHours: 2,
    articles: [
      {
        slug: 'preparing-the-door',
        title: 'Preparing a phone for the door',
        summary: 'Download the event’s scan data before doors open, while you still have a signal.',
        body: `Before doors open, sign in on the door phone and open [Scan tickets](/organizer/scan-ticket). Choose the event and let the phone download its **scan data**.

The page says the phone is **ready offline** only once both the scan data and the app are stored. From then on the scanner opens and checks tickets with no connection at all, even after the phone restarts.`,
      },
      {
        slug: 'scanning-offline',
        title: 'Scanning tickets with no connection',
        summary: 'Scans are checked on the phone and uploaded when the signal returns.',
        body: `The scanner checks each ticket on the phone itself, so a weak or missing signal never stops the queue. Scan with the camera, a hardware scanner, or type the code by hand; attendees can also be found by name for a manual check-in.

Scans made offline wait on the phone and upload by themselves when the connection comes back. If two phones admitted the same ticket while offline, the earlier scan counts and the later one is shown as a conflict.

Common verdicts:

- **Valid**: let them in.
- **Already used**: this ticket was admitted before; the screen shows when and where.
- **Wrong event**: a real ticket for another event.
- **Refunded or cancelled**: the ticket is no longer valid.
- **TEST ticket**: bought in test mode, not valid for entry unless the event is in test mode.`,
      },
    ],
  },
  {
    slug: 'account-and-verification',
    title: 'Your account and verification',
    summary: 'Signing up, confirming your email, passwords and identity verification.',
    firstReplyHours: 24,
    articles: [
      {
        slug: 'confirm-your-email',
        title: 'Confirming your email address',
        summary: 'Enter the 6-digit code we email you together with the password you chose.',
        body: `When you sign up we email a **6-digit code**. Enter it with the password you chose and your account is created and signed in at once. No account exists until then.

If the code does not arrive, check your spam folder and ask for a new one from the confirmation page; only the newest code works. Signing in before you have confirmed takes you back to the code form.`,
      },
      {
        slug: 'reset-password',
        title: 'I forgot my password',
        summary: 'Ask for a reset code on the sign-in page and choose a new password.',
        body: `On the sign-in page choose **Forgot password**, enter your email, and we send a code. Enter the code with your new password to set it. For your safety, we answer the same way whether or not an account uses that address.`,
      },
      {
        slug: 'organiser-verification',
        title: 'Why do organisers need identity verification?',
        summary: 'Verification protects buyers; it is needed to sell paid tickets and receive payouts.',
        body: `Before an organisation can sell **paid** tickets or receive payouts, we verify who runs it. This protects buyers from fraud and lets us pay money only to a bank account in the organiser's name.

Free events can be published before verification. Organisations that have passed show as **verified**.`,
      },
    ],
  },
];
