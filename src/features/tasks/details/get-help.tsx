export const SUPPORT_EMAIL = 'support@greenpick.ng';

/** The WhatsApp number of support, international digits (VITE_SUPPORT_WHATSAPP, read at build time). */
const WHATSAPP = (import.meta.env.VITE_SUPPORT_WHATSAPP ?? '').replace(/\D/g, '');

/** 'Get help' on every task: support's e-mail and WhatsApp, with the task's reference ready to send. */
export function GetHelp({ reference }: { reference: string }) {
  const about = `GreenPick task #${reference}`;
  return (
    <section className="task-help" aria-labelledby="task-help-title">
      <h3 id="task-help-title" className="task-section-title">
        Get help
      </h3>
      <ul className="task-help-links">
        <li>
          <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(about)}`}>{SUPPORT_EMAIL}</a>
        </li>
        <li>
          <a
            href={`https://wa.me/${WHATSAPP}?text=${encodeURIComponent(`Hello GreenPick, about ${about}: `)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Chat with us on WhatsApp
          </a>
        </li>
      </ul>
    </section>
  );
}
