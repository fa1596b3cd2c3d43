import type { Html5Qrcode } from 'html5-qrcode';
import { useEffect, useId, useRef, useState } from 'react';
import { afterNextPaint } from '../utils/after-next-paint.ts';

type CameraState = 'starting' | 'running' | 'denied' | 'unavailable';

interface ScannerCameraProps {
  onDecode: (text: string) => void;
}

const cameraButtonClass =
  'flex min-h-14 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-2xl bg-white/10 px-3 font-semibold text-base text-white active:bg-white/25 disabled:opacity-40';

/**
 * The rear camera through html5-qrcode (the native BarcodeDetector where there is one, ZXing otherwise),
 * scanning continuously: every decoded frame goes to `onDecode`, which ignores repeats.
 */
export function ScannerCamera({ onDecode }: ScannerCameraProps) {
  const elementId = `camera-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const decode = useRef(onDecode);
  decode.current = onDecode;
  const scanner = useRef<Html5Qrcode | null>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [cameras, setCameras] = useState<Array<{ id: string; label: string }>>([]);
  const [cameraIndex, setCameraIndex] = useState<number | null>(null);
  const [torch, setTorch] = useState<{ supported: boolean; on: boolean }>({ supported: false, on: false });
  const camerasRef = useRef(cameras);
  camerasRef.current = cameras;

  useEffect(() => {
    let cancelled = false;
    let instance: Html5Qrcode | null = null;
    setState('starting');
    (async () => {
      // The manual field and the door's state paint first: the camera's library is large to run on a slow phone,
      // and the door is usable by hand before the camera is.
      await new Promise<void>((resolve) => afterNextPaint(resolve));
      if (cancelled) return;
      const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
      if (cancelled) return;
      instance = new Html5Qrcode(elementId, {
        verbose: false,
        formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        useBarCodeDetectorIfSupported: true,
      });
      scanner.current = instance;
      const chosen = cameraIndex === null ? undefined : camerasRef.current[cameraIndex];
      await instance.start(
        chosen ? chosen.id : { facingMode: 'environment' },
        {
          // Decoding runs on the main thread (ZXing where there is no BarcodeDetector): 10 frames a second and
          // the middle of the frame leave it free to paint verdicts.
          fps: 10,
          disableFlip: true,
          qrbox: (width, height) => {
            const side = Math.max(200, Math.floor(Math.min(width, height) * 0.85));
            return { width: side, height: side };
          },
        },
        (text) => decode.current(text),
        () => undefined,
      );
      if (cancelled) return;
      setState('running');
      try {
        const capability = instance.getRunningTrackCameraCapabilities().torchFeature();
        setTorch({ supported: capability.isSupported(), on: false });
      } catch {
        setTorch({ supported: false, on: false });
      }
      if (camerasRef.current.length === 0) {
        Html5Qrcode.getCameras()
          .then((found) => {
            if (!cancelled) setCameras(found);
          })
          .catch(() => undefined);
      }
    })().catch((error: unknown) => {
      if (cancelled) return;
      const name = (error as { name?: string })?.name ?? String(error);
      setState(/NotAllowed|Permission/i.test(name) ? 'denied' : 'unavailable');
    });
    return () => {
      cancelled = true;
      const running = instance;
      scanner.current = null;
      if (running?.isScanning)
        void running.stop().then(
          () => running.clear(),
          () => undefined,
        );
    };
  }, [elementId, cameraIndex]);

  const toggleTorch = async () => {
    const capability = scanner.current?.getRunningTrackCameraCapabilities().torchFeature();
    if (!capability) return;
    await capability.apply(!torch.on).catch(() => undefined);
    setTorch({ supported: true, on: capability.value() ?? !torch.on });
  };

  const switchCamera = () => {
    if (cameras.length < 2) return;
    setCameraIndex((current) => ((current ?? cameras.length - 1) + 1) % cameras.length);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="relative mx-auto min-h-64 w-full max-w-md overflow-hidden rounded-3xl bg-black">
        <div id={elementId} className="w-full" />
        {state !== 'running' ? (
          <div className="absolute inset-0 flex items-center justify-center p-6 text-center font-semibold text-lg text-white">
            {state === 'starting'
              ? 'Starting the camera…'
              : state === 'denied'
                ? 'Camera access is blocked. Allow the camera for this site, or type codes below.'
                : 'No camera found. Type codes below or use a hardware scanner.'}
          </div>
        ) : null}
      </div>
      <div className="flex gap-3">
        <button
          type="button"
          className={cameraButtonClass}
          disabled={!torch.supported}
          aria-pressed={torch.on}
          onClick={() => void toggleTorch()}
        >
          {torch.supported ? (torch.on ? 'Light off' : 'Light on') : 'No light'}
        </button>
        <button type="button" className={cameraButtonClass} disabled={cameras.length < 2} onClick={switchCamera}>
          Switch camera
        </button>
      </div>
    </div>
  );
}
