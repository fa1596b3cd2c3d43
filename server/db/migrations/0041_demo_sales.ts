import { type Kysely, sql } from 'kysely';

// A local instance's demo sales (decision 057): the seed writes them as orders no payment provider took, `demo`, so
// the demo's money shows in the organiser's figures while every order paid in the sandbox stays a TEST order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_provider_check`.execute(db);
  await sql`alter table orders add constraint orders_provider_check
    check (provider in ('sandbox', 'stripe', 'none', 'demo'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Demo sales become TEST orders: their money leaves the figures, as the sandbox's does.
  await sql`update orders set provider = 'sandbox' where provider = 'demo'`.execute(db);
  await sql`alter table orders drop constraint orders_provider_check`.execute(db);
  await sql`alter table orders add constraint orders_provider_check
    check (provider in ('sandbox', 'stripe', 'none'))`.execute(db);
}
