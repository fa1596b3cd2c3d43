import { type ChangeEvent, useId } from 'react';
import { describedBy } from '#components/fields/field-messages.tsx';
import { Spinner } from '#components/submit-button.tsx';
import { type UploadedPicture, useImageUpload } from '../hooks/use-image-upload.ts';

interface ImagePickerProps {
  label: string;
  /** The organisation the picture is for: only its events and profile can show it. */
  organizationId: string;
  /** The stored name's stem, such as `event-cover`. */
  uploadName: string;
  /** The current picture's temporary link, if there is one. */
  imageUrl: string | null;
  hint: string;
  /** `wide` for covers (16:9), `square` for logos. */
  shape: 'wide' | 'square';
  onUploaded(picture: UploadedPicture): void;
  onRemove(): void;
  disabled?: boolean;
  error?: string;
  /** When a section heading already names the picture, the label is for screen readers only. */
  hideLabel?: boolean;
}

const accepted = 'image/jpeg,image/png,image/webp,image/avif';

/** A picture chosen from the device: uploaded at once, previewed, replaceable and removable. */
export function ImagePicker({
  label,
  organizationId,
  uploadName,
  imageUrl,
  hint,
  shape,
  onUploaded,
  onRemove,
  disabled,
  error,
  hideLabel = false,
}: ImagePickerProps) {
  const id = `field-${useId().replace(/:/g, '')}`;
  const { upload, uploading, error: uploadError, clearError } = useImageUpload(organizationId, uploadName);
  const message = uploadError ?? error;
  const ids = describedBy(id, hint, message);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const picture = await upload(file);
    // The same file can be picked again after a failure.
    input.value = '';
    if (picture) onUploaded(picture);
  };

  const frame = shape === 'wide' ? 'aspect-video w-full sm:max-w-md' : 'size-32';
  return (
    <div>
      <p className={hideLabel ? 'sr-only' : 'font-medium text-slate-800'}>{label}</p>
      <div className={`${hideLabel ? '' : 'mt-2 '}flex flex-col gap-3 sm:flex-row sm:items-end`}>
        <div className={`relative overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 ${frame}`}>
          {imageUrl ? (
            <img src={imageUrl} alt={`${label} preview`} className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full items-center justify-center p-3 text-center text-slate-600 text-sm">No image yet</div>
          )}
          {uploading ? (
            <div className="absolute inset-0 flex items-center justify-center gap-2 bg-white/80 font-medium text-slate-800">
              <Spinner /> Uploading…
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            id={id}
            type="file"
            accept={accepted}
            className="peer sr-only"
            disabled={disabled || uploading}
            aria-describedby={ids.describedBy}
            aria-invalid={message ? true : undefined}
            onChange={(event) => void pick(event)}
            onClick={clearError}
          />
          <label
            htmlFor={id}
            className="inline-flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:bg-slate-50 peer-focus-visible:outline-3 peer-focus-visible:outline-indigo-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
          >
            {imageUrl ? 'Replace image' : 'Choose image'}
            <span className="sr-only">: {label}</span>
          </label>
          {imageUrl ? (
            <button
              type="button"
              disabled={disabled || uploading}
              onClick={onRemove}
              className="inline-flex min-h-12 items-center justify-center rounded-xl px-4 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              Remove<span className="sr-only"> {label.toLowerCase()}</span>
            </button>
          ) : null}
        </div>
      </div>
      <p id={ids.hintId} className="mt-2 text-slate-600 text-sm">
        {hint}
      </p>
      {message ? (
        <p id={ids.errorId} role="alert" className="mt-1.5 font-medium text-red-700 text-sm">
          {message}
        </p>
      ) : null}
    </div>
  );
}
