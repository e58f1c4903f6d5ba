/** The GreenPick mark and wordmark (public/logo.svg). */
export function Logo({ className }: { className?: string }) {
  return (
    <img className={className ? `logo ${className}` : 'logo'} src="/logo.svg" alt="GreenPick" width={160} height={40} />
  );
}
