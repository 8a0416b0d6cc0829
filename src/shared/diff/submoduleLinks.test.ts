import { describe, expect, it } from 'vitest';
import { submoduleLinks } from './submoduleLinks';

const OLD = '1'.repeat(40);
const NEW = '2'.repeat(40);

describe('submoduleLinks', () => {
  it.each([
    {
      name: 'a sibling project by a relative URL',
      url: '../lib.git',
      expected: {
        link: '/group/lib',
        treeUrl: `/group/lib/-/tree/${NEW}`,
        compareUrl: `/group/lib/-/compare/${OLD}...${NEW}`,
      },
    },
    {
      name: 'a project in another namespace',
      url: '../../other/tools',
      expected: {
        link: '/other/tools',
        treeUrl: `/other/tools/-/tree/${NEW}`,
        compareUrl: `/other/tools/-/compare/${OLD}...${NEW}`,
      },
    },
    {
      name: 'a path from the root',
      url: '/other/tools.git',
      expected: {
        link: '/other/tools',
        treeUrl: `/other/tools/-/tree/${NEW}`,
        compareUrl: `/other/tools/-/compare/${OLD}...${NEW}`,
      },
    },
    { name: 'a relative URL above the root', url: '../../../x', expected: null },
    {
      name: 'github.com, credentials removed',
      url: 'https://user:secret@github.com/acme/widget.git',
      expected: {
        link: 'https://github.com/acme/widget',
        treeUrl: `https://github.com/acme/widget/tree/${NEW}`,
        compareUrl: `https://github.com/acme/widget/compare/${OLD}...${NEW}`,
      },
    },
    {
      name: 'another http host, in GitLab’s layout',
      url: 'http://git.example.com:8080/team/lib/',
      expected: {
        link: 'http://git.example.com:8080/team/lib',
        treeUrl: `http://git.example.com:8080/team/lib/-/tree/${NEW}`,
        compareUrl: `http://git.example.com:8080/team/lib/-/compare/${OLD}...${NEW}`,
      },
    },
    { name: 'an ssh URL', url: 'git@github.com:acme/widget.git', expected: null },
    { name: 'a file URL', url: 'file:///srv/git/lib.git', expected: null },
    { name: 'no URL in .gitmodules', url: null, expected: null },
  ])('$name', ({ url, expected }) => {
    const none = { link: null, treeUrl: null, compareUrl: null };
    expect(submoduleLinks(url, 'group/app', OLD, NEW)).toEqual(expected ?? none);
  });

  it('has no compare for an added submodule', () => {
    expect(submoduleLinks('../lib', 'group/app', '', NEW)).toEqual({
      link: '/group/lib',
      treeUrl: `/group/lib/-/tree/${NEW}`,
      compareUrl: null,
    });
  });
});
