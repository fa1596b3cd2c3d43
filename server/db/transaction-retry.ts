import { Kysely, type Transaction, type TransactionBuilder } from 'kysely';
import { isConnectionLost, unavailable } from './connection-loss.ts';

// A transaction whose connection died before its COMMIT was sent was rolled back by the server, so it is run
// again from the start; once the COMMIT is sent its outcome is unknown and it never is (decision 053).

/** The pauses before each new attempt: a pool reconnects to a server that only dropped its sessions in far less. */
const pauses = [50, 250];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` again while it fails for a lost connection before it called `commitSent`. Past its attempts, or
 * after the COMMIT went, the loss is answered as a 503 (DatabaseUnavailableError).
 */
export async function retriedBeforeCommit<T>(work: (commitSent: () => void) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    let sent = false;
    try {
      return await work(() => {
        sent = true;
      });
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      const wait = pauses[attempt];
      if (sent || wait === undefined) throw unavailable(error);
      await pause(wait);
    }
  }
}

/** A TransactionBuilder whose `execute` is retriedBeforeCommit: the COMMIT is sent once the callback returned. */
function retrying<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  return new Proxy(builder, {
    get(target, property) {
      if (property === 'execute') {
        return <T>(callback: (trx: Transaction<DB>) => Promise<T>) =>
          retriedBeforeCommit((commitSent) =>
            target.execute(async (trx) => {
              const result = await callback(trx);
              commitSent();
              return result;
            }),
          );
      }
      if (property === 'setAccessMode' || property === 'setIsolationLevel') {
        return (value: never) => retrying(target[property](value));
      }
      // Kysely's builders keep their state in private fields: their methods must run on the builder itself.
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Kysely whose transactions are run again when their connection is lost before the COMMIT. */
export class RetryingKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return retrying(super.transaction());
  }
}
