# One image for the API and the worker; ROLE chooses what a container runs. It runs the compiled server
# (`npm run build:server`, plain JavaScript, workflow code bundled at build) on Node 24 LTS.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The lock file is made against a mirror that lacks some platforms' optional binaries; `npm install`
# still follows it and fills those in, where `npm ci` would refuse.
RUN npm install --no-audit --no-fund
COPY . .
RUN npx vite build --logLevel warn && npm run build:server

# Only what the compiled server needs at run time: no compiler, bundler, browser driver or test tools.
FROM node:24-bookworm-slim AS runtime-packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
WORKDIR /app
# Production unless told otherwise: no demo data, a strong APP_SECRET and the ADMIN_ variables required.
# Inside a container the app must listen on every interface to be reachable at all.
ENV NODE_ENV=production APP_ENV=prod HOST=0.0.0.0
# Layers from the least to the most often changed: packages, then the files the code reads, then the build.
COPY --from=runtime-packages /app/node_modules ./node_modules
COPY package.json ./
COPY db/seeds/templates ./db/seeds/templates
COPY --from=build /app/dist ./dist
EXPOSE 3000
CMD ["node", "dist/server/serve.js"]
