/**
 * The text an uncompressed pdfkit document shows, for specs: each `[…] TJ` array's hex strings decoded as
 * WinAnsi (close enough to Latin-1 for Portuguese), one line per array.
 */
export const textOfPdf = (pdf: Buffer): string =>
  [...pdf.toString("latin1").matchAll(/\[([^\]]*)\] TJ/g)]
    .map(([, parts]) =>
      [...(parts ?? "").matchAll(/<([0-9a-fA-F]*)>/g)]
        .map(([, hex]) => Buffer.from(hex ?? "", "hex").toString("latin1"))
        .join(""),
    )
    .join("\n");
