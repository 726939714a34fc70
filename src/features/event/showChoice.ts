/**
 * A strip is kept hidden at first, and shows on the slideshows once the guest has had this long to
 * choose "Don't show mine" (or has left): the second screen shows it within seconds of being kept.
 */
export const CHOICE_MS = 3_000;

interface Steps {
  /** Puts the gallery's hidden flag on a kept strip. */
  setHidden(id: string, hidden: boolean): Promise<void>;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/**
 * ONE GUEST'S "DON'T SHOW MINE": their strip is written hidden; it is shown once the moment to
 * choose is over (CHOICE_MS, or the guest left) unless they chose not, and hidden again if they
 * change their mind. What they chose holds even when the write lands after they have gone.
 */
export class ShowChoice {
  private id: string | null = null;
  private hiddenByGuest = false;
  private decided = false;
  /** Shown on the slideshows now (the gallery's flag is the opposite). */
  private shown = false;
  private timer: unknown;

  constructor(private steps: Steps) {
    this.timer = steps.setTimer(() => this.decide(), CHOICE_MS);
  }

  get hidden(): boolean {
    return this.hiddenByGuest;
  }

  /** The strip is in the gallery, under `id` (hidden). */
  kept(id: string): void {
    this.id = id;
    this.apply();
  }

  /** The guest's choice (and change of mind). */
  hide(hidden: boolean): void {
    this.hiddenByGuest = hidden;
    this.apply();
  }

  /** The moment to choose is over: the strip may show. */
  decide(): void {
    this.steps.clearTimer(this.timer);
    this.decided = true;
    this.apply();
  }

  private apply(): void {
    const show = this.decided && !this.hiddenByGuest;
    if (!this.id || show === this.shown) return;
    this.shown = show;
    void this.steps.setHidden(this.id, !show).catch((e: unknown) => console.warn("The strip's choice could not be kept:", e));
  }
}
