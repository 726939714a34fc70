import { ShowScreen } from '../features/event/ui/ShowScreen';

/**
 * Event mode's second screen (bare: no site header or footer), opened from the set-up in a window
 * of its own for a TV or projector. Not a live route: it reads the event gallery and the set-up,
 * never the visitor's saved session.
 */
export default function EventShowPage() {
  return <ShowScreen />;
}
