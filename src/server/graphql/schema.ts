/**
 * The GraphQL schema, in GitLab's names so its clients' queries work unchanged. Global ids use
 * GitLab's `gid://gitlab/{Type}/{id}` form for the same reason.
 */
export const typeDefs = /* GraphQL */ `
  scalar Time

  type UserCore {
    id: ID!
    username: String!
    name: String!
    webUrl: String!
    avatarUrl: String
  }

  type Project {
    id: ID!
    name: String!
    fullPath: ID!
    webUrl: String!
    visibility: String!
  }

  type Query {
    "The user the request is authenticated as; null for anonymous visitors."
    currentUser: UserCore
    "A project by its full path, when the caller may read it."
    project(fullPath: ID!): Project
  }
`;
