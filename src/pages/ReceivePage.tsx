import { ReceiveScreen } from '../features/send/ui/ReceiveScreen';
import '../features/send/ui/send.css';

/**
 * A guest's phone, from the booth's QR code (`/receive#<offer>`): bare (no site header or footer),
 * tiny, and cached by the service worker like every page. The offer is in the fragment, which the
 * browser never sends to the web host.
 */
export default function ReceivePage() {
  return <ReceiveScreen />;
}
