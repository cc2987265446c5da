import { CameraOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { loadQrDetector } from "../qr-detector";

/** Frames read a second: enough to catch a code held up, light on a phone's battery. */
const SCAN_INTERVAL_MS = 250;

type ScannerState = "starting" | "scanning" | "denied" | "unavailable";

/**
 * The counter's camera: opens at once (the back camera), reads a few frames a second until a QR
 * code is found, then stops the camera and hands the code over. The camera also stops when the
 * scanner leaves the page. Without a camera or its permission it says so; the short code and the
 * search stay beside it.
 */
export function QrScanner({
  onCode,
  ignore,
}: {
  onCode: (code: string) => void;
  /** A code just refused (an expired QR code still on the customer's screen): read past it. */
  ignore?: string | null;
}) {
  const { t } = useTranslation("counter");
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>("starting");
  const [attempt, setAttempt] = useState(0);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const ignoreRef = useRef(ignore);
  ignoreRef.current = ignore;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the camera ('Tentar novamente')
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
    };

    async function start() {
      setState("starting");
      if (!navigator.mediaDevices?.getUserMedia) {
        setState("unavailable");
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 } },
        });
      } catch (error) {
        if (stopped) return;
        const name = error instanceof DOMException ? error.name : "";
        setState(name === "NotAllowedError" || name === "SecurityError" ? "denied" : "unavailable");
        return;
      }
      if (stopped || !video.current) {
        stop();
        return;
      }
      const element = video.current;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      // The reader is downloaded only now that a camera is on (the polyfill is large).
      const detector = await loadQrDetector().catch(() => null);
      if (stopped) return;
      if (!detector) {
        stop();
        setState("unavailable");
        return;
      }
      setState("scanning");
      const tick = async () => {
        if (stopped) return;
        if (element.readyState >= element.HAVE_CURRENT_DATA) {
          const found = await detector.detect(element).catch(() => []);
          const code = found.find(
            (barcode) => barcode.rawValue && barcode.rawValue !== ignoreRef.current,
          )?.rawValue;
          if (stopped) return;
          if (code) {
            stop();
            onCodeRef.current(code);
            return;
          }
        }
        timer = setTimeout(tick, SCAN_INTERVAL_MS);
      };
      void tick();
    }

    void start();
    return stop;
  }, [attempt]);

  const failed = state === "denied" || state === "unavailable";
  return (
    <section aria-label={t("scanner.label")} className="grid gap-2">
      <div className="relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-2xl bg-black">
        <video
          ref={video}
          muted
          playsInline
          tabIndex={-1}
          aria-label={t("scanner.label")}
          data-testid="counter-camera"
          className={failed ? "hidden" : "size-full object-cover"}
        />
        {failed ? (
          <div className="absolute inset-0 grid place-content-center justify-items-center gap-3 p-6 text-center text-white">
            <CameraOff aria-hidden="true" className="size-10" />
            <p role="alert">{t(state === "denied" ? "scanner.denied" : "scanner.unavailable")}</p>
            <Button type="button" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t("scanner.retry")}
            </Button>
          </div>
        ) : (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80"
          />
        )}
      </div>
      {/* Kept (hidden) when the camera fails, so the code form below never jumps up under a
          finger: a tap on 'Buscar' right as the camera gave up landed beside the button. */}
      <p
        className={`text-center text-muted-foreground text-sm${failed ? " invisible" : ""}`}
        aria-live="polite"
        aria-hidden={failed}
      >
        {t(state === "scanning" ? "scanner.scanning" : "scanner.starting")}
      </p>
    </section>
  );
}
