import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function Icon({ size = 24, path, ...rest }: IconProps & { path: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={path} />
    </svg>
  );
}

export function CloseIcon(props: IconProps) {
  return <Icon path="M6 6l12 12M18 6L6 18" {...props} />;
}

export function ChevronLeftIcon(props: IconProps) {
  return <Icon path="M15 5l-7 7 7 7" {...props} />;
}

export function ChevronRightIcon(props: IconProps) {
  return <Icon path="M9 5l7 7-7 7" {...props} />;
}

export function CartIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      path="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2M10 21h.01M17 21h.01"
    />
  );
}

export function MenuIcon(props: IconProps) {
  return <Icon {...props} path="M4 7h16M4 12h16M4 17h16" />;
}

export function ArrowUpIcon(props: IconProps) {
  return <Icon {...props} path="M12 19V5M5 12l7-7 7 7" />;
}

/** A house: the order comes to an address (the header's delivery). */
export function HouseIcon(props: IconProps) {
  return <Icon {...props} path="M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6" />;
}

export function PinIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      path="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
    />
  );
}

export function SearchIcon(props: IconProps) {
  return <Icon {...props} path="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35" />;
}

export function ClockIcon(props: IconProps) {
  return <Icon path="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2" {...props} />;
}

export function PersonIcon(props: IconProps) {
  return <Icon path="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" {...props} />;
}
