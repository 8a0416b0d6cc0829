import type { FileChange } from '../git/commits';

/** Files and commits of the demo project `demo/shop`: small, but real code with a real history. */

export type DemoCommit = { author: 'alice' | 'bob'; daysAgo: number; message: string; changes: FileChange[] };

const file = (path: string, content: string): FileChange => ({ action: 'create', path, content });

const CART_V1 = `export type Item = { sku: string; name: string; price: number; quantity: number };

export function subtotal(items: Item[]): number {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}
`;

const CART_V2 = `export type Item = { sku: string; name: string; price: number; quantity: number };

/** Prices are in currency units; totals are rounded to cents once, at the end. */
export function subtotal(items: Item[]): number {
  const raw = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return Math.round(raw * 100) / 100;
}
`;

const CHECKOUT = `import { subtotal, type Item } from './cart';

export const TAX_RATE = 0.2;

export function total(items: Item[]): { net: number; tax: number; gross: number } {
  const net = subtotal(items);
  const tax = Math.round(net * TAX_RATE * 100) / 100;
  return { net, tax, gross: net + tax };
}
`;

/**
 * The shop's pipeline: a few stages, a `needs` edge that starts before its stage, a coverage
 * figure, a JUnit report (the pipeline's Tests tab), and a manual deployment. Only bash and the system's tools: it runs on the bundled runner.
 */
const CI_CONFIG = `stages: [build, test, deploy]

default:
  before_script:
    - echo "Shop at $CI_COMMIT_SHORT_SHA on $CI_COMMIT_REF_NAME"

build:
  stage: build
  script:
    - ls -la
    - wc -l src/*.ts

lint:
  stage: build
  script:
    - "! grep -rn 'console.log' src"

unit-tests:
  stage: test
  needs: [build]
  script:
    - echo "Running the unit tests..."
    - sleep 2
    - mkdir -p reports
    - >-
      printf '%s\\n'
      '<?xml version="1.0" encoding="UTF-8"?>'
      '<testsuites><testsuite name="shop">'
      '<testcase classname="cart" name="sums the subtotal" file="test/cart.test.ts" time="0.004"/>'
      '<testcase classname="cart" name="keeps an empty cart at zero" file="test/cart.test.ts" time="0.002"/>'
      '<testcase classname="checkout" name="adds tax on the net subtotal" file="test/checkout.test.ts" time="0.011"/>'
      '<testcase classname="checkout" name="rounds tax to cents" file="test/checkout.test.ts" time="0.003"/>'
      '<testcase classname="discounts" name="stacks two coupons" file="test/discounts.test.ts"><skipped message="not supported yet"/></testcase>'
      '</testsuite></testsuites>' > reports/unit.xml
    - 'echo "Coverage: 87.50%"'
  coverage: '/Coverage: \\d+\\.\\d+%/'
  artifacts:
    # Kept as files too, so the job's artifacts can be browsed and downloaded one by one.
    paths: [reports/]
    reports:
      junit: reports/unit.xml

docs:
  stage: test
  needs: []
  script:
    - test -f README.md

deploy:
  stage: deploy
  script:
    - echo "Deploying $CI_COMMIT_SHORT_SHA to production"
  when: manual
  environment: production
  # One deploy at a time: a second waits for the first to finish (waiting for resource).
  resource_group: production
`;

export const mainHistory: DemoCommit[] = [
  {
    author: 'alice',
    daysAgo: 30,
    message: 'Initial commit',
    changes: [
      file('README.md', '# Shop\n\nA small shop: cart, checkout and discounts.\n\n```sh\nnpm test\n```\n'),
      file('package.json', '{\n  "name": "shop",\n  "version": "0.1.0",\n  "type": "module"\n}\n'),
      file('src/cart.ts', CART_V1),
      file('.gitlab-ci.yml', CI_CONFIG),
    ],
  },
  {
    author: 'bob',
    daysAgo: 21,
    message: 'Add checkout with tax calculation\n\nTax is computed on the net subtotal at a single rate.',
    changes: [
      file('src/checkout.ts', CHECKOUT),
      file(
        'test/checkout.test.ts',
        "import { total } from '../src/checkout';\n\nconsole.assert(total([{ sku: 'a', name: 'A', price: 10, quantity: 2 }]).gross === 24);\n",
      ),
    ],
  },
  {
    author: 'alice',
    daysAgo: 14,
    message: 'Document the checkout API and name its code owners',
    changes: [
      file('docs/api.md', '# API\n\n## `total(items)`\n\nReturns `{ net, tax, gross }`.\n'),
      // Code owners: the file page names them, and the widget lists their rules by section.
      file(
        '.gitlab/CODEOWNERS',
        [
          '# Who looks after what in the shop.',
          '[Checkout]',
          'src/ @bob',
          'src/cart.ts @alice @bob',
          '',
          '[Documentation]',
          'docs/ @alice',
          '',
        ].join('\n'),
      ),
    ],
  },
  {
    author: 'bob',
    daysAgo: 9,
    message: 'Round totals to cents once\n\nFloating point sums drifted by a cent on large carts.',
    changes: [file('src/cart.ts', CART_V2)],
  },
];

export type DemoBranch = {
  name: string;
  commits: DemoCommit[];
  mergeRequest: { title: string; description: string; author: 'alice' | 'bob'; draft?: boolean };
};

export const openBranch: DemoBranch = {
  name: 'feature/discount-codes',
  commits: [
    {
      author: 'alice',
      daysAgo: 3,
      message: 'Add discount codes',
      changes: [
        file(
          'src/discounts.ts',
          `export type Discount = { code: string; percent: number };

const CODES: Discount[] = [
  { code: 'WELCOME10', percent: 10 },
  { code: 'SPRING25', percent: 25 },
];

export function findDiscount(code: string): Discount | undefined {
  return CODES.find((d) => d.code === code.trim().toUpperCase());
}
`,
        ),
      ],
    },
    {
      author: 'alice',
      daysAgo: 2,
      message: 'Apply a discount code at checkout',
      changes: [
        file(
          'src/checkout.ts',
          CHECKOUT.replace(
            "import { subtotal, type Item } from './cart';",
            "import { subtotal, type Item } from './cart';\nimport { findDiscount } from './discounts';",
          ).replace(
            'export function total(items: Item[]): { net: number; tax: number; gross: number } {\n  const net = subtotal(items);',
            'export function total(items: Item[], code?: string): { net: number; tax: number; gross: number } {\n  const discount = code ? findDiscount(code) : undefined;\n  const net = subtotal(items) * (1 - (discount?.percent ?? 0) / 100);',
          ),
        ),
      ],
    },
  ],
  mergeRequest: {
    author: 'alice',
    title: 'Add discount codes at checkout',
    description:
      'Customers can enter a code at checkout; the discount applies to the net subtotal, before tax.\n\n' +
      '- [x] Codes are case-insensitive\n- [x] Unknown codes are ignored\n- [ ] Expiry dates\n\n' +
      '| code | discount |\n| --- | --- |\n| `WELCOME10` | 10% |\n| `SPRING25` | 25% |\n',
  },
};

export const draftBranch: DemoBranch = {
  name: 'docs/readme-setup',
  commits: [
    {
      author: 'bob',
      daysAgo: 1,
      message: 'Explain local setup in the README',
      changes: [
        file(
          'README.md',
          '# Shop\n\nA small shop: cart, checkout and discounts.\n\n## Setup\n\n```sh\nnpm install\nnpm test\n```\n\nNode.js 20 or newer.\n',
        ),
      ],
    },
  ],
  mergeRequest: {
    author: 'bob',
    draft: true,
    title: 'Refresh the README',
    description: 'Still collecting the steps new contributors trip over.',
  },
};

export const closedBranch: DemoBranch = {
  name: 'experiment/integer-cents',
  commits: [
    {
      author: 'bob',
      daysAgo: 12,
      message: 'Store prices as integer cents',
      changes: [
        file(
          'src/cart.ts',
          CART_V1.replace('price: number', 'priceCents: number').replaceAll('item.price', 'item.priceCents'),
        ),
      ],
    },
  ],
  mergeRequest: {
    author: 'bob',
    title: 'Store prices as integer cents',
    description:
      'An experiment; rounding once at the end (see the main branch) solved the drift with less churn.',
  },
};

export const mergedBranch: DemoBranch = {
  name: 'fix/empty-cart',
  commits: [
    {
      author: 'alice',
      daysAgo: 5,
      message: 'Return zero for an empty cart\n\nCheckout asked for the subtotal before anything was added.',
      changes: [
        file(
          'src/cart.ts',
          CART_V2.replace(
            'export function subtotal(items: Item[]): number {\n',
            'export function subtotal(items: Item[]): number {\n  if (items.length === 0) return 0;\n',
          ),
        ),
      ],
    },
    {
      author: 'alice',
      daysAgo: 4,
      message: 'Test the empty cart',
      changes: [
        file(
          'test/cart.test.ts',
          "import { subtotal } from '../src/cart';\n\nconsole.assert(subtotal([]) === 0);\n",
        ),
      ],
    },
  ],
  mergeRequest: {
    author: 'alice',
    title: 'Guard against an empty cart',
    description: 'An empty cart has a subtotal of zero, and a test says so.',
  },
};
