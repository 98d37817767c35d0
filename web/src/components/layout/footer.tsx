import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Logo } from "./logo";

export const CONTACT = {
  email: "contato@englishlessons.com.br",
  whatsapp: "+55 (11) 99876-5432",
  whatsappLink: "https://wa.me/5511998765432",
  city: "São Paulo – SP",
};

const SOCIAL = [
  { name: "Facebook", href: "https://www.facebook.com/englishlessons" },
  { name: "Instagram", href: "https://www.instagram.com/englishlessons" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/englishlessons" },
  { name: "YouTube", href: "https://www.youtube.com/@englishlessons" },
];

export interface FooterProps {
  /** Whether someone is signed in, and where their own area is: they get it in place of sign-in and sign-up. */
  signedIn: boolean;
  home?: string;
}

export const Footer = ({ signedIn, home }: FooterProps) => {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <nav className="app-footer-links" aria-label={t("global.footer.links")}>
        <Link to="/">{t("global.menu.home")}</Link>
        <Link to="/registro/professor">{t("global.menu.becomeTeacher")}</Link>
        {signedIn ? (
          home && home !== "/" && <Link to={home}>{t("global.menu.myArea")}</Link>
        ) : (
          <>
            <Link to="/login">{t("global.menu.login")}</Link>
            <Link to="/registro/aluno">{t("global.menu.signUp")}</Link>
          </>
        )}
        <Link to="/privacypolicy">{t("global.footer.privacyPolicy")}</Link>
      </nav>
      <ul className="app-footer-social" aria-label={t("global.footer.social")}>
        {SOCIAL.map((network) => (
          <li key={network.name}>
            <a href={network.href} target="_blank" rel="noreferrer">
              {network.name}
            </a>
          </li>
        ))}
      </ul>
      <address className="app-footer-contact">
        <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
        <a href={CONTACT.whatsappLink} target="_blank" rel="noreferrer">
          WhatsApp {CONTACT.whatsapp}
        </a>
        <span>{CONTACT.city}</span>
      </address>
      <p className="app-footer-copy">
        <Logo size={28} /> © {new Date().getFullYear()} English Lessons
      </p>
    </footer>
  );
};
