import { createStaticPix, hasError } from "pix-utils";
import QRCode from "qrcode";

/**
 * The Pix "copia e cola" (BR Code: EMV MPM with GUI br.gov.bcb.pix, amount, txid and CRC16-CCITT), built by
 * pix-utils. A sandbox charge carries its amount and a txid of its own, so a payer's app shows the right value.
 */
export const pixBrCode = (input: {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  amountCents: number;
  /** Up to 25 letters and digits: what ties the payment to the charge. */
  txid: string;
}): string => {
  const pix = createStaticPix({
    pixKey: input.pixKey,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    transactionAmount: input.amountCents / 100,
    txid: input.txid,
    isTransactionUnique: true,
  });
  if (hasError(pix)) throw new Error(`Pix BR Code not built: ${pix.message}`);
  return pix.toBRCode();
};

/** A PNG data URL of a QR code holding `text` (the checkout shows the Pix BR Code this way). */
export const qrCodePngDataUrl = (text: string): Promise<string> =>
  QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 2, width: 320 });
