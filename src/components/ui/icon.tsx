import type { IconNode } from 'lucide'
import { createElement, type SVGProps } from 'react'

/**
 * A lucide icon, drawn from the `lucide` package's data (`<Icon node={Search} />`).
 * lucide-react's component layer weighed 2.4 KB gzip on every page, for what
 * this does: the icon's shapes in a 24×24 stroked SVG. Decorative (hidden from
 * assistive technology) unless it is given a label.
 */
export function Icon({ node, ...props }: { node: IconNode } & SVGProps<SVGSVGElement>) {
  const labelled =
    props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined || props.role !== undefined
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={labelled ? undefined : true}
      {...props}
    >
      {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  )
}
