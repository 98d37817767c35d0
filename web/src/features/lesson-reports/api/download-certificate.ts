import { downloadFile } from "../../../lib/download";

/** Saves the certificate of hours completed (PDF). */
export const downloadCertificate = () => downloadFile("api/progress/certificate.pdf", "certificado-horas.pdf");
