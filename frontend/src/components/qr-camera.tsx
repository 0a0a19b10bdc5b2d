import { useEffect, useRef } from "react";
import type QrScanner from "qr-scanner";

/** Why the camera could not scan: none to use, or it would not open (most often: permission denied). */
export type CameraFailure = "no-camera" | "blocked";

type QrCameraProps = {
  /** The text of each QR read (it may come more than once). */
  onScan: (text: string) => void;
  onFail: (why: CameraFailure) => void;
  /** The video's accessible name, e.g. "Camera". */
  label: string;
};

/**
 * QrCamera shows the back camera and reads QR codes from it while it is
 * mounted; unmounting it stops the camera. qr-scanner (with its worker, or
 * the browser's BarcodeDetector) loads only when a QrCamera first mounts.
 */
export function QrCamera({ onScan, onFail, label }: QrCameraProps) {
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef({ onScan, onFail });
  useEffect(() => {
    latest.current = { onScan, onFail };
  });

  useEffect(() => {
    let closed = false;
    let scanner: QrScanner | null = null;
    void (async () => {
      try {
        const { default: Scanner } = await import("qr-scanner");
        if (closed) return;
        if (!(await Scanner.hasCamera())) {
          if (!closed) latest.current.onFail("no-camera");
          return;
        }
        if (closed || !video.current) return;
        scanner = new Scanner(video.current, (result) => latest.current.onScan(result.data), {
          returnDetailedScanResult: true,
          preferredCamera: "environment",
          maxScansPerSecond: 5,
        });
        // qr-scanner throws "Camera not found." for a refused permission too
        await scanner.start();
      } catch {
        if (!closed) latest.current.onFail("blocked");
      }
    })();
    return () => {
      closed = true;
      if (scanner) {
        // the stream now, not after qr-scanner's pause of 300 ms: the camera's light goes off at once
        void scanner.pause(true);
        scanner.destroy();
      }
    };
  }, []);

  return (
    <div className="overflow-hidden rounded-box bg-neutral">
      <video ref={video} aria-label={label} className="mx-auto aspect-square w-full max-w-xs object-cover" muted playsInline />
    </div>
  );
}
