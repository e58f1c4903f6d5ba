import { createFileRoute } from '@tanstack/react-router';
import { SubscribeScreen } from '../../features/subscriptions/subscribe-screen';

// The card payment is the payments feature's, loaded when the client subscribes.
const loadPayments = () => import('../../features/payments/pay');

// No stored token goes to /login here (docs/product.md, Screens): the /client route's guard decides it.
export const Route = createFileRoute('/client/subscribe')({
  preload: false,
  loader: ({ context }) => context.queries.subscribe(),
  component: () => <SubscribeScreen loadPayments={loadPayments} />,
});
