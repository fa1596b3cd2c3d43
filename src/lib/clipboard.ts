import { toast } from './toasts.tsx';

/** Copies text and says so; browsers refuse the clipboard outside secure pages or without permission. */
export async function copyWithToast(text: string, done: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
    return true;
  } catch {
    toast.error('Your browser did not allow copying. Select the text and copy it instead.');
    return false;
  }
}
