import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { CONTACT } from "../../components/layout/footer";
import { PriceCards } from "./price-cards";
import { TeacherRatings } from "./teacher-ratings";
import "./landing-hero.css";
import "./landing.css";

const REASONS = ["trial", "noFee", "noEnrolment", "payPerUse", "material", "rated"] as const;
const REASON_ICONS: Record<(typeof REASONS)[number], string> = {
  trial: "1ª",
  noFee: "R$ 0",
  noEnrolment: "✓",
  payPerUse: "1:1",
  material: "A–Z",
  rated: "★",
};
const STEPS = ["signUp", "schedule", "attend"] as const;
const TESTIMONIALS = [
  { key: "first", initials: "MC" },
  { key: "second", initials: "RA" },
  { key: "third", initials: "JP" },
] as const;
const STATISTICS = [
  { key: "students", value: "+1.100" },
  { key: "lessons", value: "+26.000" },
  { key: "satisfaction", value: "97%" },
] as const;
const PAYMENT_METHODS = [
  { key: "card", icon: "4x" },
  { key: "boleto", icon: "|||" },
  { key: "pix", icon: "⚡" },
] as const;

export const LandingPage = () => {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <section className="landing-hero">
        <div className="landing-hero-text">
          <p className="landing-eyebrow">{t("landing.hero.eyebrow")}</p>
          <h1>{t("landing.hero.title")}</h1>
          <p className="landing-lead">{t("landing.hero.lead")}</p>
          <div className="landing-hero-actions">
            <Link to="/registro/aluno" className="btn landing-btn-cta">
              {t("landing.hero.freeTrial")}
            </Link>
            <a href="#precos" className="btn landing-btn-ghost">
              {t("landing.hero.seePrices")}
            </a>
          </div>
          <ul className="landing-hero-claims">
            <li>{t("landing.hero.claims.noFee")}</li>
            <li>{t("landing.hero.claims.noEnrolment")}</li>
            <li>{t("landing.hero.claims.payPerUse")}</li>
          </ul>
        </div>
        <div className="landing-hero-card" aria-hidden="true">
          <div className="hero-card-top">
            <span className="hero-card-avatar">PS</span>
            <div>
              <strong>{t("landing.hero.card.teacher")}</strong>
              <span>{t("landing.hero.card.trail")}</span>
            </div>
            <span className="hero-card-status">{t("landing.hero.card.status")}</span>
          </div>
          <div className="hero-card-time">
            <span>{t("landing.hero.card.when")}</span>
            <span className="hero-card-link">{t("landing.hero.card.join")}</span>
          </div>
          <div className="hero-card-rating">
            ★★★★★ <span>{t("landing.hero.card.rating")}</span>
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="why-title">
        <h2 id="why-title">{t("landing.why.title")}</h2>
        <p className="landing-section-lead">{t("landing.why.lead")}</p>
        <div className="landing-grid landing-grid-3">
          {REASONS.map((reason) => (
            <article key={reason} className="landing-card">
              <span className="landing-card-icon" aria-hidden="true">
                {REASON_ICONS[reason]}
              </span>
              <h3>{t(`landing.why.${reason}.title`)}</h3>
              <p>{t(`landing.why.${reason}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="landing-section landing-section-tinted" aria-labelledby="how-title">
        <h2 id="how-title">{t("landing.how.title")}</h2>
        <ol className="landing-steps">
          {STEPS.map((step, index) => (
            <li key={step} className="landing-step">
              <span className="landing-step-number">{index + 1}</span>
              <h3>{t(`landing.how.${step}.title`)}</h3>
              <p>{t(`landing.how.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-section landing-teachers" aria-labelledby="teachers-title">
        <div>
          <h2 id="teachers-title">{t("landing.teachers.title")}</h2>
          <p>{t("landing.teachers.text")}</p>
          <ul className="landing-checks">
            <li>{t("landing.teachers.vetted")}</li>
            <li>{t("landing.teachers.rated")}</li>
            <li>{t("landing.teachers.trails")}</li>
          </ul>
          <TeacherRatings />
          <Link to="/registro/professor" className="btn btn-outline">
            {t("landing.teachers.apply")}
          </Link>
        </div>
        <div className="landing-teacher-faces" aria-hidden="true">
          {["AM", "JD", "LK", "SR", "TB", "CW"].map((initials) => (
            <span key={initials}>{initials}</span>
          ))}
        </div>
      </section>

      <section className="landing-section landing-stats" aria-label={t("landing.stats.title")}>
        {STATISTICS.map((statistic) => (
          <div key={statistic.key} className="landing-stat">
            {/* The space keeps "+1.100 alunos" one phrase for screen readers; the figure sits on its own line anyway. */}
            <strong>{statistic.value}</strong> <span>{t(`landing.stats.${statistic.key}`)}</span>
          </div>
        ))}
      </section>

      <section className="landing-section" aria-labelledby="testimonials-title">
        <h2 id="testimonials-title">{t("landing.testimonials.title")}</h2>
        <div className="landing-grid landing-grid-3">
          {TESTIMONIALS.map((testimonial) => (
            <figure key={testimonial.key} className="landing-card landing-testimonial">
              {/* An image role, since a plain div's label is not announced and the stars alone read as symbols. */}
              <div className="landing-stars" role="img" aria-label={t("landing.testimonials.stars")}>
                ★★★★★
              </div>
              <blockquote>{t(`landing.testimonials.${testimonial.key}.quote`)}</blockquote>
              <figcaption>
                <span className="landing-avatar" aria-hidden="true">
                  {testimonial.initials}
                </span>
                <span>
                  <strong>{t(`landing.testimonials.${testimonial.key}.name`)}</strong>
                  <small>{t(`landing.testimonials.${testimonial.key}.role`)}</small>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section id="precos" className="landing-section landing-section-tinted" aria-labelledby="prices-title">
        <h2 id="prices-title">{t("landing.prices.title")}</h2>
        <p className="landing-section-lead">{t("landing.prices.lead")}</p>
        <PriceCards />
      </section>

      <section className="landing-section" aria-labelledby="payment-title">
        <h2 id="payment-title">{t("landing.payment.title")}</h2>
        <ul className="landing-payments">
          {PAYMENT_METHODS.map((method) => (
            <li key={method.key}>
              <span aria-hidden="true">{method.icon}</span>
              <strong>{t(`landing.payment.${method.key}.title`)}</strong>
              <small>{t(`landing.payment.${method.key}.text`)}</small>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-final-cta">
        <h2>{t("landing.finalCta.title")}</h2>
        <Link to="/registro/aluno" className="btn landing-btn-cta">
          {t("landing.hero.freeTrial")}
        </Link>
      </section>

      <a className="landing-chat" href={CONTACT.whatsappLink} target="_blank" rel="noreferrer">
        <span aria-hidden="true">☎</span>
        <span className="landing-chat-label">{t("landing.chat")}</span>
      </a>
    </div>
  );
};
