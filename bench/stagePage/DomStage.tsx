import { useEffect, useRef } from 'react';
import type { ProjectDocument } from '../../src/model/project';
import { LIB } from './benchDoc';

/**
 * The baseline: the same page as plain DOM (absolutely placed <img> elements, GIFs and the video
 * animated by the browser), a sticker dragged by writing its transform on pointer moves, and the
 * presenter's mouth swapped at 10 Hz while talking. What a stage without Pixi costs here.
 */
export function DomStage({ doc, talk }: { doc: ProjectDocument; talk: boolean }) {
  const mouth = useRef<HTMLImageElement>(null);
  const page = doc.ppt.pages[0];
  const c = doc.character;
  useEffect(() => {
    if (!talk) return;
    const shapes = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X'];
    let i = 0;
    const timer = setInterval(() => {
      if (mouth.current) mouth.current.src = `${LIB}/characters/xiaoya/mouth-${shapes[i++ % 9]}.png`;
    }, 100);
    return () => clearInterval(timer);
  }, [talk]);
  const place = (x: number, y: number, width: number, height: number) =>
    ({ position: 'absolute', left: x, top: y, width, height }) as const;
  const k = c.width / 800;
  return (
    <div
      data-testid="bench-stage"
      style={{ position: 'relative', width: 960, height: 540, overflow: 'hidden', touchAction: 'none' }}
      onPointerDown={(e) => {
        const el = (e.target as HTMLElement).closest<HTMLElement>('[data-sticker]');
        if (!el) return;
        el.setPointerCapture(e.pointerId);
        const start = { x: e.clientX, y: e.clientY };
        const move = (m: PointerEvent) =>
          (el.style.transform = `translate(${m.clientX - start.x}px, ${m.clientY - start.y}px)`);
        const up = () => {
          el.removeEventListener('pointermove', move);
          el.removeEventListener('pointerup', up);
        };
        el.addEventListener('pointermove', move);
        el.addEventListener('pointerup', up);
      }}
    >
      <img src={doc.scene.path} style={{ ...place(0, 0, 960, 540), objectFit: 'cover' }} alt="" />
      {page.video ? (
        <video
          src={page.video}
          autoPlay
          muted
          loop
          playsInline
          style={{
            ...place(doc.scene.pptX, doc.scene.pptY, doc.scene.pptWidth, doc.scene.pptHeight),
            background: '#000',
          }}
        />
      ) : (
        <img
          src={page.img}
          style={{
            ...place(doc.scene.pptX, doc.scene.pptY, doc.scene.pptWidth, doc.scene.pptHeight),
            objectFit: 'contain',
          }}
          alt=""
        />
      )}
      <div style={place(c.X, c.Y, c.width, c.height)}>
        <img src={`${LIB}/characters/xiaoya/body.png`} style={place(0, 0, c.width, c.height)} alt="" />
        <img
          ref={mouth}
          src={`${LIB}/characters/xiaoya/mouth-X.png`}
          style={place(340 * k, 392 * k, 120 * k, 80 * k)}
          alt=""
        />
      </div>
      {page.textureList.map((t, i) => (
        <img
          key={t.id}
          data-sticker={i}
          src={t.path}
          draggable={false}
          style={{ ...place(t.x, t.y, t.width, t.height), willChange: 'transform' }}
          alt=""
        />
      ))}
    </div>
  );
}
