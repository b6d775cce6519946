valdate
