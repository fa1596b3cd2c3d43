// How a ticket's state shows to administrators and organisers: a refunded ticket gave its money back, a voided one
// was stopped at the door and kept it (until a refund covers it).

interface TicketState {
  status: 'valid' | 'voided';
  refundedAt: string | null;
}

export function ticketStatusLabel(ticket: TicketState): 'Valid' | 'Refunded' | 'Voided' {
  if (ticket.status === 'valid') return 'Valid';
  return ticket.refundedAt ? 'Refunded' : 'Voided';
}

export function ticketStatusTone(ticket: TicketState): string {
  if (ticket.status === 'valid') return 'bg-emerald-100 text-emerald-900';
  return ticket.refundedAt ? 'bg-slate-200 text-slate-800' : 'bg-red-100 text-red-900';
}
