/** Shown when a call gets no answer at all; its own module so pages can use it without loading the HTTP client. */
export const offlineMessage = 'You are offline or Admit cannot be reached. Please check your connection and try again.';
