import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Once, renderKeepingParts } from './once.tsx';

let drawn = 0;

function Labelled({ text }: { text: string }) {
  const id = useId();
  drawn++;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{text}</h2>
    </section>
  );
}

function Page({ title, list }: { title: string; list: string[] }) {
  return (
    <div>
      <Once id="header">
        <Labelled text={title} />
      </Once>
      text before{' '}
      {list.map((item) => (
        <Labelled key={item} text={item} />
      ))}
      <Once id="footer">
        <Labelled text={`About ${title} & co`} />
      </Once>
      text after
    </div>
  );
}

describe('renderKeepingParts', () => {
  it('gives the bytes of a full render, drawing each kept part once', () => {
    const kept = new Map<string, string>();
    const full = renderToString(<Page title="Little Oaks" list={['a', 'b']} />);
    for (let i = 0; i < 4; i++) {
      expect(renderKeepingParts(() => renderToString(<Page title="Little Oaks" list={['a', 'b']} />), kept)).toBe(full);
    }
    expect([...kept.keys()]).toEqual(['header', 'footer']);

    const plain = renderToString(<Page title="Little Oaks" list={['c']} />);
    drawn = 0;
    expect(renderKeepingParts(() => renderToString(<Page title="Little Oaks" list={['c']} />), kept)).toBe(plain);
    expect(drawn).toBe(1); // the list's one item: the header and footer come from the map
  });

  it('draws everything without a map (the browser, or development)', () => {
    const full = renderToString(<Page title="Sprout" list={[]} />);
    expect(renderKeepingParts(() => renderToString(<Page title="Sprout" list={[]} />))).toBe(full);
  });
});
