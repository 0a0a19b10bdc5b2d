// Not a route: the live-updates stream, mounted once by the site's frame
// for a signed-in user. Its own chunk: the first page does not wait for it.
import { useLiveEvents } from "@/api/live-events";

/** Keeps the live-updates stream open while mounted; shows nothing. */
export default function LiveEvents() {
  useLiveEvents();
  return null;
}
