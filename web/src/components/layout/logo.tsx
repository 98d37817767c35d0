/**
 * The product's mark: a speech bubble (a lesson is a conversation) on the secondary blue, the lines of
 * its text in the primary blue. Drawn inline so it costs no request; `public/favicon.svg` is the same
 * drawing on the primary blue, for the tab.
 */
export const Logo = ({ size = 40 }: { size?: number }) => (
  <svg
    className="app-logo"
    width={size}
    height={size}
    viewBox="0 0 64 64"
    aria-hidden="true"
    focusable="false"
    xmlns="http://www.w3.org/2000/svg"
  >
    <circle cx="32" cy="32" r="32" fill="#0377BE" />
    <path d="M19 17h26a7 7 0 0 1 7 7v13a7 7 0 0 1-7 7H31l-10 8v-8h-2a7 7 0 0 1-7-7V24a7 7 0 0 1 7-7z" fill="#fff" />
    <rect x="20" y="25" width="24" height="4" rx="2" fill="#203963" />
    <rect x="20" y="33" width="15" height="4" rx="2" fill="#203963" />
  </svg>
);
