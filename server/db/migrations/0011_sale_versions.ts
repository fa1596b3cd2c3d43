import { type Kysely, sql } from 'kysely';

// What an order is priced and checked with (the event, its ticket types, the organisation's payout
// account, the booking fee rule) is kept by each instance between orders, and the transaction that
// places an order checks that it is still current (decision 018). An event's `sale_version` changes
// with every change to any of it, whoever writes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column sale_version integer not null default 0`.execute(db);

  await sql`
    create function admit_event_sale_changed() returns trigger language plpgsql as $$
    begin
      new.sale_version := old.sale_version + 1;
      return new;
    end $$`.execute(db);
  await sql`create trigger events_sale_version before update on events
    for each row execute function admit_event_sale_changed()`.execute(db);

  // Every column of a ticket type but `taken`, the stock count that every hold and release updates: those
  // updates must not touch the event's row. A column added to ticket_types later belongs in this list.
  await sql`
    create function admit_ticket_type_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        update events set sale_version = sale_version + 1 where id = old.event_id;
      else
        update events set sale_version = sale_version + 1 where id = new.event_id;
        if tg_op = 'UPDATE' and new.event_id <> old.event_id then
          update events set sale_version = sale_version + 1 where id = old.event_id;
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_types_sale_version
    after insert or delete or update of event_id, name, description, price, currency, capacity, min_per_order,
      max_per_order, sales_start, sales_end, hidden, sort_order
    on ticket_types for each row execute function admit_ticket_type_changed()`.execute(db);

  // Where an organisation's ticket money goes (Stripe's destination) is part of its events' sales.
  await sql`
    create function admit_payout_account_changed() returns trigger language plpgsql as $$
    begin
      update events set sale_version = sale_version + 1 where organization_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger organizations_sale_version after update of stripe_account_id on organizations
    for each row when (old.stripe_account_id is distinct from new.stripe_account_id)
    execute function admit_payout_account_changed()`.execute(db);

  // A booking fee rule is replaced by a newer one, never edited: the orders priced with it keep telling the
  // truth, and a placement can tell the rule it was priced with from the one in force by its id.
  await sql`
    create function admit_fee_rule_unchanged() returns trigger language plpgsql as $$
    begin
      raise exception 'A booking fee rule is not edited: add a new rule with the date it takes effect.';
    end $$`.execute(db);
  await sql`create trigger booking_fee_rules_unchanged before update on booking_fee_rules
    for each row execute function admit_fee_rule_unchanged()`.execute(db);

  // A confirmation mail (about 4 kB with its calendar file) stays in its row as written: compressing it
  // and moving it to the TOAST table cost more of the capture's time than the bytes saved were worth.
  await sql`alter table mail_outbox set (toast_tuple_target = 8160)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox reset (toast_tuple_target)`.execute(db);
  await sql`drop trigger booking_fee_rules_unchanged on booking_fee_rules`.execute(db);
  await sql`drop function admit_fee_rule_unchanged()`.execute(db);
  await sql`drop trigger organizations_sale_version on organizations`.execute(db);
  await sql`drop function admit_payout_account_changed()`.execute(db);
  await sql`drop trigger ticket_types_sale_version on ticket_types`.execute(db);
  await sql`drop function admit_ticket_type_changed()`.execute(db);
  await sql`drop trigger events_sale_version on events`.execute(db);
  await sql`drop function admit_event_sale_changed()`.execute(db);
  await sql`alter table events drop column sale_version`.execute(db);
}
