// The demo organisers' verification documents: one-page PDFs made here, marked SPECIMEN, so an administrator has a
// real file to open in the review and nobody's papers are in the demo.

const pdfText = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (character) => `\\${character}`);

/** A one-page A4 PDF: a title, lines of `label: value`, a large SPECIMEN and a footnote saying what it is. */
export function specimenPdf(title: string, lines: Array<[label: string, value: string]>): Buffer {
  const text = (font: string, size: number, x: number, y: number, value: string) =>
    `BT /${font} ${size} Tf ${x} ${y} Td (${pdfText(value)}) Tj ET`;
  const content = [
    '0.85 0.87 0.9 RG 2 w 48 470 499 320 re S',
    '0.93 0.33 0.31 rg',
    'BT /F2 64 Tf 0.8 0.45 -0.45 0.8 150 520 Tm (SPECIMEN) Tj ET',
    '0.06 0.09 0.16 rg',
    text('F2', 20, 72, 750, title),
    ...lines.flatMap(([label, value], index) => [
      text('F1', 10, 72, 710 - index * 34, label.toUpperCase()),
      text('F2', 13, 72, 696 - index * 34, value),
    ]),
    '0.4 0.45 0.5 rg',
    text(
      'F1',
      9,
      72,
      440,
      'Made for the local demo of Admit. Not a real document; the person and the organisation are invented.',
    ),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
