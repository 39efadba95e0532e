/**
 * A list of features or points, each after a green check mark (service cards, packages and the
 * feature lists of the service pages and the home services section).
 */
import { List, type ListRootProps } from '@chakra-ui/react';
import { LucideCheck } from 'lucide-react';

/** `items`: the texts, one list item each; `gap` and `fontSize` style the list. */
export function CheckList({
  items,
  gap,
  fontSize,
}: {
  items: readonly string[];
  gap: ListRootProps['gap'];
  fontSize?: ListRootProps['fontSize'];
}) {
  return (
    <List.Root gap={gap} variant="plain" fontSize={fontSize}>
      {items.map((item) => (
        <List.Item key={item}>
          <List.Indicator asChild color="green.700">
            <LucideCheck aria-hidden="true" />
          </List.Indicator>
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}
