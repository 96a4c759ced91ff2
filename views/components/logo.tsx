// The site's logo: a heart mark and the site name (white-label: the name comes from the site).
export function Logo({ name }: { name: string }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" width="28" height="28">
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ff5f8f" />
            <stop offset="1" stopColor="#c2185b" />
          </linearGradient>
        </defs>
        <path
          fill="url(#logo-g)"
          d="M16 29s-11.5-7.2-13.6-14.1C.9 9.8 4.1 4.5 9.4 4.5c2.9 0 5 1.6 6.6 3.8 1.6-2.2 3.7-3.8 6.6-3.8 5.3 0 8.5 5.3 7 10.4C27.5 21.8 16 29 16 29z"
        />
      </svg>
      <span className="logo__name">{name}</span>
    </span>
  );
}
