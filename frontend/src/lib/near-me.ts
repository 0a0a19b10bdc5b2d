// Near me (#36): the browser's location, asked for only when the visitor
// taps the button (never on a page's load), turned into the near= of a
// list sorted by distance.
import { useCallback, useState } from "react";

/** Bangladesh's box (API.md): near= takes a position inside it. */
export const BANGLADESH = { latMin: 20, latMax: 27, lonMin: 88, lonMax: 93 };

/** inBangladesh tells whether a position is inside the box the API takes. */
export function inBangladesh(lat: number, lon: number): boolean {
  return lat >= BANGLADESH.latMin && lat <= BANGLADESH.latMax && lon >= BANGLADESH.lonMin && lon <= BANGLADESH.lonMax;
}

/** Why there is no position: refused, not found (off, no signal, too slow), outside Bangladesh, or no way to ask. */
export type NearMeProblem = "denied" | "unavailable" | "outside" | "unsupported";

/** How long the browser may look before we say it could not. */
export const LOCATE_TIMEOUT_MS = 15_000;

/**
 * useNearMe asks the browser where the visitor is when `locate` is called;
 * a position inside Bangladesh goes to `onPlace`, anything else becomes a
 * problem to show. A position up to ten minutes old will do: a laptop
 * nearby is a matter of kilometres.
 */
export function useNearMe(onPlace: (lat: number, lon: number) => void) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<NearMeProblem | null>(null);

  const locate = useCallback(() => {
    setProblem(null);
    const geo = typeof navigator === "undefined" ? undefined : navigator.geolocation;
    if (!geo) {
      setProblem("unsupported");
      return;
    }
    setAsking(true);
    geo.getCurrentPosition(
      ({ coords }) => {
        setAsking(false);
        if (inBangladesh(coords.latitude, coords.longitude)) onPlace(coords.latitude, coords.longitude);
        else setProblem("outside");
      },
      (err) => {
        setAsking(false);
        setProblem(err.code === err.PERMISSION_DENIED || err.code === 1 ? "denied" : "unavailable");
      },
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: 600_000 },
    );
  }, [onPlace]);

  const dismiss = useCallback(() => setProblem(null), []);
  return { asking, problem, locate, dismiss };
}
