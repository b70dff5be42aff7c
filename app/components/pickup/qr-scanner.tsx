import { ScanLine, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button.tsx";

/** The browser's own QR reader where it has one (Chrome on Android, Safari): not in TypeScript's lib yet. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

type Reader = (video: HTMLVideoElement) => Promise<string | null>;

/** BarcodeDetector when it reads QR codes here, jsQR (loaded only now) otherwise. */
async function createReader(): Promise<Reader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const formats = Detector ? await Detector.getSupportedFormats?.().catch(() => []) : [];
  if (Detector && formats?.includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/**
 * The "scan" button of /pickup: opens the phone's back camera, reads the member's QR and hands its
 * text to `onRead` (the server decides what it means). Shown only once the page's script runs;
 * without it staff type the code.
 */
export function QrScanner({
  onRead,
  labels,
}: {
  onRead: (text: string) => void;
  labels: { scan: string; stop: string; hint: string; noCamera: string; video: string };
}) {
  const [ready, setReady] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const readRef = useRef(onRead);
  readRef.current = onRead;

  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!scanning) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = stream;
        await video.play();
        const read = await createReader();
        const tick = async () => {
          if (stopped) return;
          const text = await read(video).catch(() => null);
          if (stopped) return;
          if (text) {
            stopped = true;
            setScanning(false);
            readRef.current(text);
            return;
          }
          timer = setTimeout(tick, 200);
        };
        await tick();
      } catch {
        if (!stopped) {
          setFailed(true);
          setScanning(false);
        }
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [scanning]);

  if (!ready) return null;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={buttonClass({
          tone: scanning ? "neutral" : "primary",
          className: "w-full inline-flex items-center justify-center gap-2",
        })}
        onClick={() => {
          setFailed(false);
          setScanning((on) => !on);
        }}
        data-testid="pickup-scan"
      >
        {scanning ? (
          <X className="size-5" aria-hidden="true" />
        ) : (
          <ScanLine className="size-5" aria-hidden="true" />
        )}
        {scanning ? labels.stop : labels.scan}
      </button>
      {scanning ? (
        <figure className="overflow-hidden rounded-xl bg-black">
          <video
            ref={videoRef}
            className="aspect-square w-full object-cover"
            muted
            playsInline
            aria-label={labels.video}
          />
          <figcaption className="bg-stone-900 px-3 py-2 text-center text-sm text-white">
            {labels.hint}
          </figcaption>
        </figure>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-accent-600">
          {labels.noCamera}
        </p>
      ) : null}
    </div>
  );
}
