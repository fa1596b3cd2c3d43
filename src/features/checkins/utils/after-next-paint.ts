let due: Array<() => void> | null = null;

/**
 * Runs `work` in the task after the next frame: once what the page changed so far is painted. Everything asked
 * for the same frame shares one animation-frame callback and one message, in the order it was asked for.
 */
export function afterNextPaint(work: () => void): void {
  if (due) {
    due.push(work);
    return;
  }
  due = [work];
  requestAnimationFrame(() => {
    const batch = due ?? [];
    due = null;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      for (const run of batch) run();
    };
    channel.port2.postMessage(null);
  });
}
